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

/// Place enemy ships by arc and range; criteria a–f pick the tally.
#[component]
pub(super) fn TallyHelper() -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    let contacts = RwSignal::new(vec![
        Contact {
            name: enemy(words, 1),
            arcs: vec![TallyArc::Front],
            range: 2,
            locked: false,
        },
        Contact {
            name: enemy(words, 2),
            arcs: vec![TallyArc::Side],
            range: 1,
            locked: false,
        },
    ]);
    let rows = move || {
        contacts
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, c)| contact_row(words, contacts, i, c))
            .collect_view()
    };
    let verdict = move || {
        contacts.with(|cs| match tally(cs) {
            Some((i, why)) => {
                let chart = chart_arc(&cs[i].arcs)
                    .map_or(td_string!(l, sims.tally_no_chart), |a| words.arc(a));
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
        })
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
                        cs.push(Contact {
                            name: enemy(words, n),
                            arcs: vec![TallyArc::Rear],
                            range: 3,
                            locked: false,
                        });
                    })
            }
        >
            {td_string!(l, sims.tally_add)}
        </button>
        <p class="tally-verdict" aria-live="polite">
            {verdict}
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
        .map(|a| {
            view! {
                <label class="flag">
                    <input
                        type="checkbox"
                        name=format!("tally-{i}-{}", a.as_str())
                        prop:checked=c.arcs.contains(&a)
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
        })
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
