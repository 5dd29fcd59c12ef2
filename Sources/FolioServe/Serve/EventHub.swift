import FolioBase
import FolioOptions
import FolioBook
import FolioPagination
import FolioSearch
import FolioCore
import Foundation

/// The open event streams of `folio serve`: each tab's pending bytes, a standing event every new
/// tab gets first (the errors of a failed build), and a close that ends every stream.
final class EventHub: @unchecked Sendable {
    final class Subscriber {
        var pending = Data()
    }

    private let condition = NSCondition()
    private var subscribers: [ObjectIdentifier: Subscriber] = [:]
    private var standing: LiveReload.Event?
    private var closed = false

    func subscribe() -> Subscriber {
        let subscriber = Subscriber()
        condition.withLock {
            // A retry delay, so a tab reconnects quickly after a restart of the server.
            subscriber.pending = Data("retry: 500\n\n".utf8) + (standing?.wire ?? Data())
            subscribers[ObjectIdentifier(subscriber)] = subscriber
        }
        return subscriber
    }

    func unsubscribe(_ subscriber: Subscriber) {
        condition.withLock { _ = subscribers.removeValue(forKey: ObjectIdentifier(subscriber)) }
    }

    /// Sends `event` to every open stream; `standing` replaces what new streams are sent first.
    func publish(_ event: LiveReload.Event?, standing: LiveReload.Event?) {
        condition.withLock {
            self.standing = standing
            guard let event else { return }
            for subscriber in subscribers.values { subscriber.pending.append(event.wire) }
            condition.broadcast()
        }
    }

    /// How many streams are open.
    var count: Int { condition.withLock { subscribers.count } }

    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// Up to `limit` bytes for `subscriber`, waiting at most `wait` seconds for some: a comment
    /// line when none came (it keeps the connection alive), nil once the hub is closed.
    func next(for subscriber: Subscriber, limit: Int, wait: TimeInterval) -> Data? {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: wait)
            while subscriber.pending.isEmpty && !closed && condition.wait(until: deadline) {}
            if closed { return nil }
            if subscriber.pending.isEmpty { return Data(":\n\n".utf8) }
            let chunk = subscriber.pending.prefix(limit)
            subscriber.pending.removeFirst(chunk.count)
            return Data(chunk)
        }
    }
}
