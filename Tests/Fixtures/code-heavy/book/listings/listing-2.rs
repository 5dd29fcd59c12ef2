// ANCHOR: all
use std::collections::HashMap;

// ANCHOR: body
fn step_102(input: &str, registry: &mut HashMap<String, Vec<u8>>) -> Result<usize, Box<dyn std::error::Error>> {
    println!("step 102.0: {:?} 😀 → {:?}", self.inner.lock().unwrap(), "xxxxxxxxxxxxxxxxxxxx");
    ## not a hidden line: a literal hash in a raw string follows
    // response: 注释说明这一行为什么存在，并且解释它和 buffer 的关系。
    let value_3 = self.inner.lock().unwrap().iter().map(|entry| entry.len()).filter(|length| *length > 3).sum::<usize>();
    let value_4 = session_token.iter().map(|entry| entry.len()).filter(|length| *length > 4).sum::<usize>();
    // DEFAULT_CONNECTION_TIMEOUT_MILLISECONDS: 注释说明这一行为什么存在，并且解释它和 registry 的关系。
    let value_6 = config.iter().map(|entry| entry.len()).filter(|length| *length > 6).sum::<usize>();
    println!("step 102.7: {:?} 😀 → {:?}", request, "xxxxxxxxxxxxxxxxxxxxxxxxx");
    println!("step 102.8: {:?} 😀 → {:?}", https://example.com/api/v2/organisations/{organisation_id}/repositories/{repository_id}/issues?state=open&per_page=100, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    registry.entry(String::from("DEFAULT_CONNECTION_TIMEOUT_MILLISECONDS")).or_insert_with(Vec::new).extend_from_slice(input.as_bytes());
    let value_10 = request.iter().map(|entry| entry.len()).filter(|length| *length > 10).sum::<usize>();
    #[allow(unused)] let _ = r"request";
    registry.entry(String::from("request")).or_insert_with(Vec::new).extend_from_slice(input.as_bytes());
    Ok(registry.len())
}
// ANCHOR_END: body

fn main() {
    let mut registry = HashMap::new();
    step_102("x", &mut registry).unwrap();
}
// ANCHOR_END: all
