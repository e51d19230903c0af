//! Every limit and timeout of the HTTP server, in one place. The squad's
//! own limits (ships, upgrades, name, notes) are `cards::squad::limits`, shared
//! with the builder and the link codec.

use std::time::Duration;

/// The largest request body read (XWS, simulator JSON, server functions);
/// a larger one answers 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The largest request head (request line and headers). The longest squad
/// link `cards::squad::limits` allows is about 26 KiB; a larger head answers 431.
pub const MAX_HEAD_BYTES: usize = 64 * 1024;

/// A client must send a whole request head within this time, and an idle
/// keep-alive connection is closed after it: hyper starts this timer each
/// time it waits for a request head (HTTP/1).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// HTTP/2 connections are pinged this often when idle …
pub const H2_KEEP_ALIVE_INTERVAL: Duration = Duration::from_secs(20);
/// … and closed when a ping is not answered within this time.
pub const H2_KEEP_ALIVE_TIMEOUT: Duration = Duration::from_secs(10);

/// A request body must arrive within this time (408 otherwise).
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// A whole request must be answered within this time (503 otherwise).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

/// Requests handled at once; more answer 503 at once rather than queue.
pub const MAX_CONCURRENT_REQUESTS: usize = 1024;

/// Connections open at once; past this the server stops accepting until
/// one closes (the kernel's backlog holds the rest).
pub const MAX_CONNECTIONS: usize = 10_000;

/// How long a shutdown (SIGTERM, Ctrl-C) waits for requests in flight.
pub const SHUTDOWN_DEADLINE: Duration = Duration::from_secs(10);
