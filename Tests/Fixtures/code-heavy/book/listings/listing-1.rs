// ANCHOR: all
use std::collections::HashMap;

// ANCHOR: body
fn step_101(input: &str, registry: &mut HashMap<String, Vec<u8>>) -> Result<usize, Box<dyn std::error::Error>> {
    let value_0 = buffer.iter().map(|entry| entry.len()).filter(|length| *length > 0).sum::<usize>();
    let value_1 = Arc<Mutex<Option<Box<dyn Fn(&str) -> Result<(), Error> + Send + Sync>>>>.iter().map(|entry| entry.len()).filter(|length| *length > 1).sum::<usize>();
    #[allow(unused)] let _ = r"DEFAULT_CONNECTION_TIMEOUT_MILLISECONDS";
    // request: 注释说明这一行为什么存在，并且解释它和 config 的关系。
    let value_4 = retry_with_exponential_backoff.iter().map(|entry| entry.len()).filter(|length| *length > 4).sum::<usize>();
    let value_5 = handler.iter().map(|entry| entry.len()).filter(|length| *length > 5).sum::<usize>();
    #[allow(unused)] let _ = r"handler";
    Ok(registry.len())
}
// ANCHOR_END: body

fn main() {
    let mut registry = HashMap::new();
    step_101("x", &mut registry).unwrap();
}
// ANCHOR_END: all
