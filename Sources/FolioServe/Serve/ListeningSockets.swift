import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `folio serve` listens: sockets bound and listening on every address of a host, all on one
/// port. `localhost` is 127.0.0.1 and ::1, whatever the hosts file says.
struct ListeningSockets {
    var sockets: [Int32]
    var port: Int

    /// Binds every address of `host` to `port`. A port that was given and is taken is an error
    /// naming it; without one, 3000 or the next free port after it; 0 lets the system pick. An
    /// address the machine lacks (::1 without IPv6) is left out as long as another one is bound.
    init(host: String, port: Int?) throws {
        let addresses = try socketAddresses(host)
        let candidates = port.map { [$0] } ?? Array(3000..<3100)
        for candidate in candidates {
            var bound: [Int32] = []
            var chosen = candidate
            var taken = false
            for address in addresses {
                switch bindListening(address, port: chosen) {
                case .success(let socket):
                    bound.append(socket)
                    if chosen == 0 { chosen = boundPort(socket) }
                case .failure(let error) where error.code == EADDRINUSE:
                    taken = true
                case .failure(let error) where error.code == EADDRNOTAVAIL || error.code == EAFNOSUPPORT:
                    continue
                case .failure(let error):
                    bound.forEach { _ = close($0) }
                    throw ServeError(message: "cannot listen on \(host) port \(chosen): \(String(cString: strerror(error.code)))")
                }
                if taken { break }
            }
            if taken || bound.isEmpty {
                bound.forEach { _ = close($0) }
                if taken && port == nil { continue }
                throw ServeError(message: taken ? "port \(chosen) on \(host) is taken: pick another with --port, or leave --port out to use the next free one"
                                                : "cannot listen on \(host): it is not an address of this machine")
            }
            self.sockets = bound
            self.port = chosen
            return
        }
        throw ServeError(message: "ports 3000 to 3099 on \(host) are all taken: pick one with --port")
    }
}

/// `http://host:port/`, an IPv6 literal in brackets.
func serverURL(host: String, port: Int) -> String {
    "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
}

/// The addresses `host` names, each a `sockaddr`'s bytes.
private func socketAddresses(_ host: String) throws -> [[UInt8]] {
    if host == "localhost" { return try socketAddresses("127.0.0.1") + socketAddresses("::1") }
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    hints.ai_flags = AI_PASSIVE
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, "0", &hints, &list)
    guard status == 0, let first = list else {
        throw ServeError(message: "cannot listen on \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(first) }
    var addresses: [[UInt8]] = []
    for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
        guard let address = entry.pointee.ai_addr else { continue }
        let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen)))
        if !addresses.contains(bytes) { addresses.append(bytes) }
    }
    return addresses
}

#if os(Linux)
private let streamType = Int32(SOCK_STREAM.rawValue)
#else
private let streamType = SOCK_STREAM
#endif

/// A socket call's `errno`.
private struct SocketError: Error {
    var code: Int32
}

/// The port sits at the same offset in `sockaddr_in` and `sockaddr_in6`, in network order.
private let portOffset = 2

private func bindListening(_ address: [UInt8], port: Int) -> Result<Int32, SocketError> {
    var address = address
    address[portOffset] = UInt8(port >> 8)
    address[portOffset + 1] = UInt8(port & 0xFF)
    let family = address.withUnsafeBytes { $0.load(as: sockaddr.self).sa_family }
    let descriptor = socket(Int32(family), streamType, 0)
    guard descriptor >= 0 else { return .failure(SocketError(code: errno)) }
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    if Int32(family) == AF_INET6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size)) }
    // Not handed to `--open`'s browser.
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let bound = address.withUnsafeBytes { bytes in
        bind(descriptor, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
    }
    guard bound == 0, listen(descriptor, 128) == 0 else {
        let code = errno
        close(descriptor)
        return .failure(SocketError(code: code))
    }
    return .success(descriptor)
}

private func boundPort(_ socket: Int32) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    return withUnsafeBytes(of: storage) { Int($0[portOffset]) << 8 | Int($0[portOffset + 1]) }
}
