/// A small seeded generator, so fuzz failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Fuzz inputs, the same for every reader under test: `rounds` random byte strings of up to
/// `length` bytes, each also drawn from `alphabet` (the bytes a format is made of).
func randomInputs(rounds: Int, length: Int, alphabet: [UInt8]) -> [[UInt8]] {
    var random = SplitMix64(seed: 1)
    return (0..<rounds).flatMap { _ -> [[UInt8]] in
        let count = Int.random(in: 0...length, using: &random)
        return [(0..<count).map { _ in UInt8.random(in: 0...255, using: &random) },
                (0..<count).map { _ in alphabet.randomElement(using: &random)! }]
    }
}

/// `rounds` copies of `sample` with one to three bytes changed at random.
func mutants(of sample: String, rounds: Int) -> [[UInt8]] {
    var random = SplitMix64(seed: 2)
    let bytes = Array(sample.utf8)
    return (0..<rounds).map { _ in
        var mutant = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            mutant[Int.random(in: 0..<mutant.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        }
        return mutant
    }
}
