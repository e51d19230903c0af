//! A page the server has started, finished even when its client walks
//! away (issue 60).
//!
//! A page's reactive owner lives in its handler's future and then in its
//! streamed body. When a client goes (a phone's Back, a closed tab), hyper
//! drops whichever it holds, and the owner with it, disposing the page's
//! signals. But a page's suspended parts are checked and drawn by effects
//! that the executor runs on other threads (`Suspense`'s task listener
//! calls `dry_resolve`, which makes the part's components): a signal could
//! be disposed under a component being made, which panicked
//! (`reactive_graph` traits.rs:361). Leptos itself drops the owner only at
//! the end of the stream, when nothing is drawn any more.
//!
//! So a page is never dropped half made: the handler runs in a task of its
//! own, and a response or body nobody reads is read to its end there, at
//! most [`FINISH_WITHIN`], and then dropped as Leptos drops it. This costs
//! what a client reading the page would have cost, no more.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Frame, SizeHint};
use http_body_util::BodyExt;

use super::{api, http_limits};

/// How long a page nobody reads is still made for: the request timeout,
/// the longest a reading client would have made it work.
pub const FINISH_WITHIN: Duration = http_limits::REQUEST_TIMEOUT;

/// Middleware: runs the rest of the stack in a task that outlives the
/// client, and hands back a body that is read to its end if dropped.
///
/// A panic in the task is raised again here, so the panic layer outside
/// answers it as it answers any other.
pub async fn finish_when_walked_away(request: Request, next: Next) -> Response {
    let (answer, answered) = tokio::sync::oneshot::channel::<Response>();
    let task = tokio::spawn(async move {
        let response = next.run(request).await;
        if let Err(unread) = answer.send(response) {
            read_to_end(unread.into_body()).await;
        }
    });
    match answered.await {
        Ok(response) => response.map(|body| Body::new(ReadToEndWhenDropped(Some(body)))),
        // The task ended without an answer: it panicked, or the runtime is
        // shutting down (it sends before it ends otherwise).
        Err(_) => match task.await {
            Err(failed) if failed.is_panic() => std::panic::resume_unwind(failed.into_panic()),
            _ => api::error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
                .into_response(),
        },
    }
}

/// Reads what is left of a body and drops it, at most [`FINISH_WITHIN`].
async fn read_to_end(mut rest: Body) {
    let _ = tokio::time::timeout(FINISH_WITHIN, async {
        while let Some(Ok(_)) = rest.frame().await {}
    })
    .await;
}

/// A body, read to its end in a task of its own if it is dropped before
/// its end (`None` once at its end).
struct ReadToEndWhenDropped(Option<Body>);

impl HttpBody for ReadToEndWhenDropped {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let Some(rest) = self.0.as_mut() else {
            return Poll::Ready(None);
        };
        let next = Pin::new(rest).poll_frame(cx);
        if let Poll::Ready(None) = next {
            // At its end: nothing is left to finish.
            self.0 = None;
        }
        next
    }

    fn is_end_stream(&self) -> bool {
        self.0.as_ref().is_none_or(HttpBody::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.0
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), HttpBody::size_hint)
    }
}

impl Drop for ReadToEndWhenDropped {
    fn drop(&mut self) {
        let Some(rest) = self.0.take().filter(|body| !body.is_end_stream()) else {
            return;
        };
        // Outside a runtime (a test's own thread) the body is dropped here.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(read_to_end(rest));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::Router;
    use axum::routing::get;
    use tokio::sync::{Notify, oneshot};
    use tower::ServiceExt;
    use tower_http::catch_panic::CatchPanicLayer;

    use super::*;

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// At most this long for what the server finishes on its own.
    const WAIT: Duration = Duration::from_secs(10);

    fn walked_away(router: Router) -> Router {
        router.layer(axum::middleware::from_fn(finish_when_walked_away))
    }

    /// A body of three parts, the second sent only once `go` is notified;
    /// `ended` is told when the last part is taken.
    fn three_parts(go: Arc<Notify>, ended: oneshot::Sender<()>) -> Body {
        let parts = futures::stream::unfold((0, Some(ended)), move |(n, mut ended)| {
            let go = go.clone();
            async move {
                match n {
                    0 => {}
                    1 => go.notified().await,
                    2 => {
                        let _ = ended.take().map(|tell| tell.send(()));
                    }
                    _ => return None,
                }
                Some((Ok::<_, std::io::Error>(Bytes::from("part")), (n + 1, ended)))
            }
        });
        Body::from_stream(parts)
    }

    #[tokio::test]
    async fn a_body_dropped_after_its_first_part_is_read_to_its_end() -> TestResult {
        let go = Arc::new(Notify::new());
        let (ended, is_ended) = oneshot::channel();
        let slot = Arc::new(std::sync::Mutex::new(Some(ended)));
        let router = walked_away(Router::new().route(
            "/",
            get({
                let go = go.clone();
                move || {
                    let ended = slot.lock().ok().and_then(|mut e| e.take());
                    let go = go.clone();
                    async move {
                        ended
                            .map(|ended| three_parts(go, ended))
                            .unwrap_or_default()
                    }
                }
            }),
        ));
        let request = Request::builder().uri("/").body(Body::empty())?;
        let mut body = router.oneshot(request).await?.into_body();
        let first = body.frame().await.ok_or("no first part")??;
        assert_eq!(first.into_data().ok(), Some(Bytes::from("part")));
        // The client walks away with the rest unread, and only then may
        // the page go on.
        drop(body);
        go.notify_one();
        tokio::time::timeout(WAIT, is_ended).await??;
        Ok(())
    }

    #[tokio::test]
    async fn a_handler_whose_request_is_dropped_runs_to_its_end() -> TestResult {
        let (started, is_started) = oneshot::channel::<()>();
        let (go, gone_on) = oneshot::channel::<()>();
        let (ended, is_ended) = oneshot::channel::<()>();
        let steps = Arc::new(std::sync::Mutex::new(Some((started, gone_on, ended))));
        let router = walked_away(Router::new().route(
            "/",
            get(move || {
                let steps = steps.lock().ok().and_then(|mut s| s.take());
                async move {
                    if let Some((started, gone_on, ended)) = steps {
                        let _ = started.send(());
                        let _ = gone_on.await;
                        let _ = ended.send(());
                    }
                    "made"
                }
            }),
        ));
        let request = Request::builder().uri("/").body(Body::empty())?;
        let answer = tokio::spawn(router.oneshot(request));
        tokio::time::timeout(WAIT, is_started).await??;
        answer.abort();
        let _ = answer.await;
        go.send(())
            .map_err(|()| "the handler was dropped with its request")?;
        tokio::time::timeout(WAIT, is_ended).await??;
        Ok(())
    }

    async fn a_page_that_panics() -> &'static str {
        std::panic::panic_any("a page's panic")
    }

    #[tokio::test]
    async fn a_panic_in_the_page_is_answered_by_the_panic_layer_outside() -> TestResult {
        let router = walked_away(Router::new().route("/", get(a_page_that_panics)))
            .layer(CatchPanicLayer::new());
        let request = Request::builder().uri("/").body(Body::empty())?;
        let response = router.oneshot(request).await?;
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        Ok(())
    }
}
