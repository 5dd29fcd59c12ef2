import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import CMicroHTTPD
import Foundation

/// The HTTP side of `folio serve`: GNU libmicrohttpd on listening sockets opened beforehand, a
/// thread per connection, with bounds on connections, idle time and each request's memory
/// (a longer request line is answered 414, longer headers 431). `answer` decides every request;
/// this type only moves bytes between it and libmicrohttpd. Targets reach `answer` as they were
/// sent, percent escapes included (`siteKey` decodes them, strictly).
final class HTTPServer: @unchecked Sendable {
    struct Limits: Sendable {
        /// Seconds a connection may stay idle or stall before it is dropped.
        var timeout = 10
        var connections = 256
        /// Bytes per connection for the request line, the headers and buffers.
        var memoryPerConnection = 32 * 1024
    }

    enum Answer {
        case response(HTTPResponse)
        /// A Server-Sent Events stream fed by the hub.
        case events(EventHub)
    }

    /// method, target, a request header by name → the answer.
    typealias Handler = @Sendable (String, String, (String) -> String?) -> Answer

    let limits: Limits
    let handler: Handler
    private var daemons: [OpaquePointer] = []

    init(limits: Limits, handler: @escaping Handler) {
        self.limits = limits
        self.handler = handler
    }

    /// Serves on each socket (a daemon for each); the sockets then belong to the server.
    func start(listening sockets: [Int32]) throws {
        for socket in sockets {
            var options = [
                MHD_OptionItem(option: MHD_OPTION.LISTEN_SOCKET, value: Int(socket), ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.CONNECTION_TIMEOUT, value: limits.timeout, ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.CONNECTION_LIMIT, value: limits.connections, ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.CONNECTION_MEMORY_LIMIT, value: limits.memoryPerConnection, ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.STRICT_FOR_CLIENT, value: 1, ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.UNESCAPE_CALLBACK, value: unsafeBitCast(keepEscapes, to: Int.self), ptr_value: nil),
                MHD_OptionItem(option: MHD_OPTION.END, value: 0, ptr_value: nil),
            ]
            let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            let daemon = options.withUnsafeMutableBufferPointer { items in
                withVaList([MHD_OPTION.ARRAY.rawValue, items.baseAddress!, MHD_OPTION.END.rawValue]) { arguments in
                    MHD_start_daemon_va(flags, 0, nil, nil, answerRequest, Unmanaged.passUnretained(self).toOpaque(), arguments)
                }
            }
            guard let daemon else {
                stop()
                throw ServeError(message: "the HTTP server could not start")
            }
            daemons.append(daemon)
        }
    }

    /// Stops every daemon: open connections are closed and their threads joined.
    func stop() {
        for daemon in daemons { MHD_stop_daemon(daemon) }
        daemons = []
    }

    fileprivate func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.body.withUnsafeBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers { MHD_add_response_header(created, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    fileprivate func queueEvents(from hub: EventHub, on connection: OpaquePointer) -> MHD_Result {
        // A comment at least this often keeps a quiet stream within the idle timeout.
        let stream = EventStream(hub: hub, subscriber: hub.subscribe(), keepAlive: max(0.5, min(10, Double(limits.timeout) / 3)))
        let context = Unmanaged.passRetained(stream).toOpaque()
        guard let created = MHD_create_response_from_callback(UInt64.max, 4096, readEvents, context, endEvents) else {
            endEvents(context)
            return .NO
        }
        defer { MHD_destroy_response(created) }
        MHD_add_response_header(created, "Content-Type", "text/event-stream")
        MHD_add_response_header(created, "Cache-Control", "no-cache")
        return MHD_queue_response(connection, 200, created)
    }
}

struct ServeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// One tab's event stream, handed to libmicrohttpd's reader callbacks.
private final class EventStream {
    let hub: EventHub
    let subscriber: EventHub.Subscriber
    let keepAlive: TimeInterval
    init(hub: EventHub, subscriber: EventHub.Subscriber, keepAlive: TimeInterval) {
        self.hub = hub
        self.subscriber = subscriber
        self.keepAlive = keepAlive
    }
}

/// Targets stay as sent: the answer decodes them itself and refuses what must not be decoded.
private let keepEscapes: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
    text.map { strlen($0) } ?? 0
}

private let answerRequest: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, uploadSize, context in
    guard let cls, let connection, let url, let method, let context else { return .NO }
    // The first call only announces the request; a body is drained and ignored; then the answer.
    if context.pointee == nil {
        context.pointee = UnsafeMutableRawPointer(bitPattern: 1)
        return .YES
    }
    if let uploadSize, uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return .YES
    }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let answer = server.handler(String(cString: method), String(decoding: Data(bytes: url, count: strlen(url)), as: UTF8.self)) { name in
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }
    switch answer {
    case .response(let response): return server.queue(response, on: connection)
    case .events(let hub): return server.queueEvents(from: hub, on: connection)
    }
}

private let readEvents: MHD_ContentReaderCallback = { cls, _, buffer, limit in
    guard let cls, let buffer else { return -2 }
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue()
    // -1 ends the stream: the server is stopping.
    guard let chunk = stream.hub.next(for: stream.subscriber, limit: limit, wait: stream.keepAlive) else { return -1 }
    chunk.withUnsafeBytes { bytes in
        buffer.withMemoryRebound(to: UInt8.self, capacity: limit) { target in
            target.update(from: bytes.bindMemory(to: UInt8.self).baseAddress!, count: bytes.count)
        }
    }
    return chunk.count
}

private let endEvents: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue()
    stream.hub.unsubscribe(stream.subscriber)
}
