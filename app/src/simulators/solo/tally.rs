//! The tally helper: enemy ships placed by arc and range; criteria a–f
//! pick the tally.

use cards::sim::solo::{Contact, TallyArc, chart_arc, tally};
use leptos::prelude::*;

use crate::components::ColumnHeads;
use crate::i18n::{td, td_string};
use crate::simulators::words::{Words, fill};

/// An enemy ship's name in the helper: "Enemy 2".
fn enemy(words: Words, n: usize) -> String {
    fill(td_string!(words.locale, sims.tally_enemy), &[("n", &n)])
}

/// An enemy ship as the helper places it: in `arc`, at `range`, not
/// locked.
fn contact(words: Words, n: usize, arc: TallyArc, range: u8) -> Contact {
    Contact {
        name: enemy(words, n),
        arcs: vec![arc],
        range,
        locked: false,
    }
}

/// The tally the criteria pick among the enemy ships, and why, with the
/// chart its arc reads; or that there is none.
fn verdict(words: Words, cs: &[Contact]) -> AnyView {
    let l = words.locale;
    match tally(cs) {
        Some((i, why)) => {
            let chart =
                chart_arc(&cs[i].arcs).map_or(td_string!(l, sims.tally_no_chart), |a| words.arc(a));
            let reason = move || words.tally_reason(why);
            td!(
                l,
                sims.tally_verdict,
                name = cs[i].name.clone(),
                why = reason,
                chart
            )
            .into_any()
        }
        None => td_string!(l, sims.tally_none).into_any(),
    }
}

/// Place enemy ships by arc and range; criteria a–f pick the tally.
#[component]
pub(super) fn TallyHelper() -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    let contacts = RwSignal::new(vec![
        contact(words, 1, TallyArc::Front, 2),
        contact(words, 2, TallyArc::Side, 1),
    ]);
    let rows = move || {
        contacts
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, c)| contact_row(words, contacts, i, c))
            .collect_view()
    };
    view! {
        <h3>{td_string!(l, sims.tally_heading)}</h3>
        <table class="tally-table">
            <ColumnHeads columns=vec![
                td_string!(l, sims.tally_ship),
                td_string!(l, sims.tally_in_arcs),
                td_string!(l, sims.tally_range),
                td_string!(l, sims.tally_locked_column),
            ] />
            <tbody>{rows}</tbody>
        </table>
        <button
            type="button"
            on:click=move |_| {
                contacts
                    .update(|cs| {
                        let n = cs.len() + 1;
                        cs.push(contact(words, n, TallyArc::Rear, 3));
                    })
            }
        >
            {td_string!(l, sims.tally_add)}
        </button>
        <p class="tally-verdict" aria-live="polite">
            {move || contacts.with(|cs| verdict(words, cs))}
        </p>
    }
}

/// Changes enemy ship `i` of the helper.
fn edit_contact(contacts: RwSignal<Vec<Contact>>, i: usize, f: impl FnOnce(&mut Contact)) {
    contacts.update(|cs| {
        if let Some(c) = cs.get_mut(i) {
            f(c)
        }
    });
}

/// Whether enemy ship `i` is in arc `a`: a checkbox, ticked when it is.
fn arc_flag(
    words: Words,
    contacts: RwSignal<Vec<Contact>>,
    i: usize,
    a: TallyArc,
    checked: bool,
) -> impl IntoView + use<> {
    view! {
        <label class="flag">
            <input
                type="checkbox"
                name=format!("tally-{i}-{}", a.as_str())
                prop:checked=checked
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    edit_contact(
                        contacts,
                        i,
                        |c| {
                            c.arcs.retain(|x| *x != a);
                            if on {
                                c.arcs.push(a);
                            }
                        },
                    );
                }
            />
            {words.arc(a)}
        </label>
    }
}

/// One enemy ship: the arcs it is in, its range, and whether it is locked.
fn contact_row(
    words: Words,
    contacts: RwSignal<Vec<Contact>>,
    i: usize,
    c: Contact,
) -> impl IntoView + use<> {
    let l = words.locale;
    let arcs = TallyArc::ALL
        .into_iter()
        .map(|a| arc_flag(words, contacts, i, a, c.arcs.contains(&a)))
        .collect_view();
    let name: &dyn std::fmt::Display = &c.name;
    let range_label = fill(td_string!(l, sims.tally_range_label), &[("name", name)]);
    let locked_label = fill(td_string!(l, sims.tally_locked_label), &[("name", name)]);
    view! {
        <tr data-contact=i>
            <th scope="row">{c.name.clone()}</th>
            <td>{arcs}</td>
            <td>
                <input
                    type="number"
                    min="0"
                    max="5"
                    name=format!("tally-{i}-range")
                    aria-label=range_label
                    prop:value=c.range.to_string()
                    on:change=move |ev| {
                        if let Ok(r) = event_target_value(&ev).parse::<u8>() && r <= 5 {
                            edit_contact(contacts, i, |c| c.range = r);
                        }
                    }
                />
            </td>
            <td>
                <input
                    type="checkbox"
                    name=format!("tally-{i}-locked")
                    aria-label=locked_label
                    prop:checked=c.locked
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edit_contact(contacts, i, |c| c.locked = on);
                    }
                />
            </td>
        </tr>
    }
}
