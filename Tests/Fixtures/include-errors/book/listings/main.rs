fn main() {
    // ANCHOR: body
    println!("hi");
    // ANCHOR_END: body
}
