use std::io;

// ANCHOR: greet
fn greet(name: &str) -> String {
    format!("Hello, {name}!")
}
// ANCHOR_END: greet

fn main() {
    println!("{}", greet("reader"));
}
