//! The engine's problems as the builder lists them: beside the squad, a
//! ship, a card of its bar or an option of a picker, each in the page's
//! language (`components/problem_text.rs`).

use cards::squad::{Problem, Severity};
use leptos::prelude::*;

use crate::components::problem_text::ProblemText;

/// A list of problems in the page's language, errors and warnings marked.
#[component]
pub fn ProblemList(problems: Vec<Problem>) -> impl IntoView {
    (!problems.is_empty()).then(|| {
        view! {
            <ul class="problems">
                {problems
                    .into_iter()
                    .map(|p| {
                        let class = match p.severity {
                            Severity::Error => "problem error",
                            Severity::Warning => "problem warning",
                        };
                        view! {
                            <li class=class data-code=p.code.as_str()>
                                <ProblemText problem=p.clone() />
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        }
    })
}
