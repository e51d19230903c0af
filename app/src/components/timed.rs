//! The engine's time, told apart from the drawing's in the browser.

/// Runs `work`; in the browser it is timed as a User Timing measure
/// called `name` (`browser::measured`), so the Performance panel and
/// `end2end/scripts/measure-builder.mjs` can tell the engine's time from
/// the drawing's.
pub fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    #[cfg(all(feature = "hydrate", not(feature = "ssr")))]
    return crate::browser::measured(name, work);
    #[cfg(not(all(feature = "hydrate", not(feature = "ssr"))))]
    {
        let _ = name;
        work()
    }
}
