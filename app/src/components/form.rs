//! Form controls bound to one field of some inputs (a simulator's, the
//! builder's pilot filters): each reads the field with `get` and writes it
//! with `set`, so a form is a list of controls and no handler of its own.

use leptos::prelude::*;
use leptos::text_prop::TextProp;

/// A checkbox bound to one flag of a simulator's inputs.
#[component]
pub fn Flag<T, G, S>(
    inputs: RwSignal<T>,
    #[prop(into)] label: TextProp,
    name: &'static str,
    get: G,
    set: S,
) -> impl IntoView
where
    T: Send + Sync + 'static,
    G: Fn(&T) -> bool + Copy + Send + Sync + 'static,
    S: Fn(&mut T, bool) + Copy + Send + Sync + 'static,
{
    view! {
        <label class="flag">
            <input
                type="checkbox"
                name=name
                prop:checked=move || inputs.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    inputs.update(|i| set(i, on));
                }
            />
            {move || label.get().to_string()}
        </label>
    }
}

/// A number field bound to one count of the inputs.
#[component]
pub fn Count<T, G, S>(
    inputs: RwSignal<T>,
    #[prop(into)] label: TextProp,
    name: &'static str,
    min: u8,
    max: u8,
    get: G,
    set: S,
) -> impl IntoView
where
    T: Send + Sync + 'static,
    G: Fn(&T) -> u8 + Copy + Send + Sync + 'static,
    S: Fn(&mut T, u8) + Copy + Send + Sync + 'static,
{
    view! {
        <label class="count">
            {move || label.get().to_string()}
            <input
                type="number"
                name=name
                min=min
                max=max
                prop:value=move || inputs.with(get).to_string()
                on:change=move |ev| {
                    match event_target_value(&ev).trim().parse::<u8>() {
                        Ok(n) if (min..=max).contains(&n) => inputs.update(|i| set(i, n)),
                        _ => inputs.update(|_| {}),
                    }
                }
            />
        </label>
    }
}

/// A number field bound to an optional number: empty (or not a number in
/// `min..=max`) is `None`.
#[component]
pub fn OptionalNumber<T, N>(
    inputs: RwSignal<T>,
    #[prop(into)] label: TextProp,
    name: &'static str,
    min: N,
    max: N,
    get: fn(&T) -> Option<N>,
    set: fn(&mut T, Option<N>),
) -> impl IntoView
where
    T: Send + Sync + 'static,
    N: Copy + PartialOrd + std::str::FromStr + std::fmt::Display + Send + Sync + 'static,
{
    view! {
        <label class="count">
            {move || label.get().to_string()}
            <input
                type="number"
                name=name
                min=min.to_string()
                max=max.to_string()
                inputmode="numeric"
                prop:value=move || inputs.with(get).map(|n| n.to_string()).unwrap_or_default()
                on:input=move |ev| {
                    let n = event_target_value(&ev)
                        .trim()
                        .parse::<N>()
                        .ok()
                        .filter(|n| min <= *n && *n <= max);
                    inputs.update(|i| set(i, n));
                }
            />
        </label>
    }
}

/// A select over a fixed list of values.
#[component]
pub fn Choice<T: Copy + PartialEq + Send + Sync + 'static>(
    #[prop(into)] label: TextProp,
    name: &'static str,
    options: Vec<(T, &'static str)>,
    get: Signal<T>,
    set: Callback<T>,
) -> impl IntoView {
    let opts = options.clone();
    view! {
        <label class="count">
            {move || label.get().to_string()}
            <select
                name=name
                prop:value=move || {
                    let v = get.get();
                    options.iter().find(|(o, _)| *o == v).map(|(_, s)| *s).unwrap_or_default()
                }
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((o, _)) = opts.iter().find(|(_, s)| *s == v) {
                        set.run(*o);
                    }
                }
            >
                {options
                    .iter()
                    .map(|(_, s)| view! { <option value=*s>{*s}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}
