use std::fmt;

// ANCHOR: spine
/// Where the spine of an open book is, as the page-view controller names it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Spine {
    Min,
    Mid,
    Max,
}
// ANCHOR_END: spine

impl fmt::Display for Spine {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let name = match self {
            Spine::Min => "min",
            Spine::Mid => "mid",
            Spine::Max => "max",
        };
        write!(f, "{name}")
    }
}

fn main() {
    // ANCHOR: print
    for spine in [Spine::Min, Spine::Mid, Spine::Max] {
        println!("spine: {spine}");
    }
    // ANCHOR_END: print
}
