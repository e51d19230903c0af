//! Heavy pure work that does not hold up the server's other requests.

use super::timed::timed;

/// Runs heavy pure work (an energy simulation, exact dice) named `name`.
/// During server rendering it does not hold up the other requests on the
/// same async worker: tokio moves them elsewhere while it runs
/// (`block_in_place`). Elsewhere it is `timed`.
pub fn off_the_async_workers<T>(name: &str, work: impl FnOnce() -> T) -> T {
    #[cfg(feature = "ssr")]
    if let Ok(handle) = tokio::runtime::Handle::try_current()
        && handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread
    {
        return tokio::task::block_in_place(work);
    }
    timed(name, work)
}
