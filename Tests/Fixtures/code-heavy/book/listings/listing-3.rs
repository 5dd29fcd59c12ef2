// ANCHOR: all
use std::collections::HashMap;

// ANCHOR: body
fn step_103(input: &str, registry: &mut HashMap<String, Vec<u8>>) -> Result<usize, Box<dyn std::error::Error>> {
    let value_0 = HashMap<String, Vec<u8>>.iter().map(|entry| entry.len()).filter(|length| *length > 0).sum::<usize>();
    // registry: 注释说明这一行为什么存在，并且解释它和 registry 的关系。
    let value_2 = buffer.iter().map(|entry| entry.len()).filter(|length| *length > 2).sum::<usize>();
    registry.entry(String::from("request")).or_insert_with(Vec::new).extend_from_slice(input.as_bytes());
    #[allow(unused)] let _ = r"Arc<Mutex<Option<Box<dyn Fn(&str) -> Result<(), Error> + Send + Sync>>>>";
    let value_5 = parse_header_value.iter().map(|entry| entry.len()).filter(|length| *length > 5).sum::<usize>();
    let value_6 = HashMap<String, Vec<u8>>.iter().map(|entry| entry.len()).filter(|length| *length > 6).sum::<usize>();
    println!("step 103.7: {:?} 😀 → {:?}", HashMap<String, Vec<u8>>, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    ## not a hidden line: a literal hash in a raw string follows
    let value_9 = registry.iter().map(|entry| entry.len()).filter(|length| *length > 9).sum::<usize>();
    let value_10 = handler.iter().map(|entry| entry.len()).filter(|length| *length > 10).sum::<usize>();
    registry.entry(String::from("handler")).or_insert_with(Vec::new).extend_from_slice(input.as_bytes());
    Ok(registry.len())
}
// ANCHOR_END: body

fn main() {
    let mut registry = HashMap::new();
    step_103("x", &mut registry).unwrap();
}
// ANCHOR_END: all
