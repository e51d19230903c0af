//! The HTTP listener: hyper with a header read timeout (which also closes
//! idle keep-alive connections), a cap on open connections, TCP_NODELAY,
//! and a graceful shutdown with a deadline.
//!
//! `axum::serve` sets no timer, so hyper's header timeout never runs there
//! and a client that sends half a request holds its connection forever;
//! hence hyper-util's connection builder here.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::http_limits;

/// The listener's timeouts and caps; [`Default`] is `http_limits`' values.
#[derive(Debug, Clone, Copy)]
pub struct ListenLimits {
    pub header_read_timeout: Duration,
    pub max_head_bytes: usize,
    pub max_connections: usize,
    pub shutdown_deadline: Duration,
}

impl Default for ListenLimits {
    fn default() -> Self {
        ListenLimits {
            header_read_timeout: http_limits::HEADER_READ_TIMEOUT,
            max_head_bytes: http_limits::MAX_HEAD_BYTES,
            max_connections: http_limits::MAX_CONNECTIONS,
            shutdown_deadline: http_limits::SHUTDOWN_DEADLINE,
        }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then waits up to
/// the shutdown deadline for the connections still open.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ListenLimits,
    shutdown: impl Future<Output = ()>,
) {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size(limits.max_head_bytes);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(http_limits::H2_KEEP_ALIVE_INTERVAL)
        .keep_alive_timeout(http_limits::H2_KEEP_ALIVE_TIMEOUT);
    let builder = Arc::new(builder);
    let graceful = GracefulShutdown::new();
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    tokio::pin!(shutdown);

    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            break;
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, say: log, wait, go on.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Without TCP_NODELAY small responses wait on delayed ACKs.
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
        let connection = graceful.watch(connection.into_owned());
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(%peer, "connection ended: {e}");
            }
            drop(slot);
        });
    }

    tracing::info!("shutting down: waiting for open requests");
    tokio::select! {
        () = graceful.shutdown() => tracing::info!("all connections closed"),
        () = tokio::time::sleep(limits.shutdown_deadline) => {
            tracing::warn!("shutdown deadline passed; closing the remaining connections");
        }
    }
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
