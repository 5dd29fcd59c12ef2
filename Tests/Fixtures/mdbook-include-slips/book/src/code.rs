// ANCHOR: main
fn main() {}
// ANCHOR_END: main
