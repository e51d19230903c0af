//! Solo Play's reasoning in the page's language: each [`SoloStep`] and
//! [`TallyReason`] (data from `cards`) is a `sims` catalogue sentence. The
//! seed's own words it quotes (a chart's entry, a priority) stay English,
//! marked so on another language's page.

use cards::lang::Lang;
use cards::sim::solo::{Priority, SoloStep, TallyReason};
use leptos::prelude::*;

use super::{Said, Words};
use crate::i18n::td;

/// The reasoning's steps in plain English, as an English page says them:
/// the API's `steps`.
#[cfg(feature = "ssr")]
pub fn english_steps(steps: &[SoloStep]) -> Vec<String> {
    Owner::new().with(|| {
        let words = Words::of(Lang::En);
        let text =
            |step| crate::components::plain_text::plain_text(&words.solo_step(step).to_html());
        steps.iter().map(text).collect()
    })
}

impl Words {
    /// An action in a step: English names it by its XWS name (as the API's
    /// steps do), another language by its word.
    fn step_action(self, xws: &str) -> Said {
        match (self.lang, self.action(xws)) {
            (Lang::En, _) | (_, None) => Said::Plain(xws.to_string()),
            (_, Some(word)) => Said::Plain(word.to_string()),
        }
    }

    /// A priority's actions, listed.
    fn step_actions(self, p: &Priority) -> Said {
        Said::List(
            p.actions.iter().map(|a| self.step_action(a)).collect(),
            ", ",
        )
    }

    /// A plain value for a placeholder.
    fn plain(self, text: String) -> impl Fn() -> AnyView + Clone + Send + Sync + 'static + use<> {
        Said::Plain(text).var(self.lang)
    }

    /// The seed's words for a placeholder.
    fn seed(self, text: String) -> impl Fn() -> AnyView + Clone + Send + Sync + 'static + use<> {
        Said::english(text).var(self.lang)
    }

    /// One step of the flight system's reasoning.
    pub fn solo_step(self, step: &SoloStep) -> AnyView {
        let l = self.locale;
        use SoloStep as S;
        match step {
            S::Approach {
                arc,
                side: None,
                defense,
                attack,
            } => td!(
                l,
                sims.solo_step_approach,
                arc = self.arc(*arc),
                defense = self.defense_die(*defense),
                attack = self.attack_die(*attack)
            )
            .into_any(),
            S::Approach {
                arc,
                side: Some(side),
                defense,
                attack,
            } => td!(
                l,
                sims.solo_step_approach_side,
                arc = self.arc(*arc),
                side = self.side(*side),
                defense = self.defense_die(*defense),
                attack = self.attack_die(*attack)
            )
            .into_any(),
            S::IonizedHuge => td!(l, sims.solo_step_ionized_huge).into_any(),
            S::Ionized => td!(l, sims.solo_step_ionized).into_any(),
            S::ChartEntry {
                arc,
                defense,
                attack,
                entry,
            } => td!(
                l,
                sims.solo_step_chart_entry,
                arc = self.arc(*arc),
                defense = self.defense_die(*defense),
                attack = self.attack_die(*attack),
                entry = self.seed(entry.clone())
            )
            .into_any(),
            _ => self.solo_maneuver_step(step),
        }
    }

    /// The steps that pick the maneuver.
    fn solo_maneuver_step(self, step: &SoloStep) -> AnyView {
        let l = self.locale;
        use SoloStep as S;
        match step {
            S::NoManeuverFor { entry } => td!(
                l,
                sims.solo_step_no_maneuver_for,
                entry = self.seed(entry.clone())
            )
            .into_any(),
            S::Picked {
                entry,
                speeds,
                maneuver,
            } => td!(
                l,
                sims.solo_step_picked,
                entry = self.seed(entry.clone()),
                speeds = self.plain(format!("{speeds:?}")),
                maneuver = self.plain(self.maneuver(*maneuver)),
                difficulty = self.difficulty(maneuver.difficulty)
            )
            .into_any(),
            S::NoSpeed { speed, entry } => td!(
                l,
                sims.solo_step_no_speed,
                speed = *speed,
                entry = self.seed(entry.clone())
            )
            .into_any(),
            S::StressedRed => td!(l, sims.solo_step_stressed_red).into_any(),
            S::NoSuchManeuver => td!(l, sims.solo_step_no_such_maneuver).into_any(),
            S::SlowestStraight { maneuver } => td!(
                l,
                sims.solo_step_slowest_straight,
                maneuver = self.plain(self.maneuver(*maneuver))
            )
            .into_any(),
            S::Attitude { attitude, defense } => td!(
                l,
                sims.solo_step_attitude,
                attitude = self.attitude(*attitude),
                defense = self.defense_die(*defense)
            )
            .into_any(),
            _ => self.solo_action_step(step),
        }
    }

    /// The steps of stress and the action.
    fn solo_action_step(self, step: &SoloStep) -> AnyView {
        let l = self.locale;
        let maneuver = |m| self.plain(self.maneuver(m));
        use SoloStep as S;
        match step {
            S::StressGained { maneuver: m } => {
                td!(l, sims.solo_step_stress_gained, maneuver = maneuver(*m)).into_any()
            }
            S::StressRemoved { maneuver: m } => {
                td!(l, sims.solo_step_stress_removed, maneuver = maneuver(*m)).into_any()
            }
            S::StressKept { maneuver: m } => {
                td!(l, sims.solo_step_stress_kept, maneuver = maneuver(*m)).into_any()
            }
            S::NoActionStressed => td!(l, sims.solo_step_no_action_stressed).into_any(),
            S::NoActionFits => td!(l, sims.solo_step_no_action_fits).into_any(),
            _ => self.solo_priority_step(step),
        }
    }

    /// The steps that walk an attitude's priorities.
    fn solo_priority_step(self, step: &SoloStep) -> AnyView {
        let l = self.locale;
        let page = self.lang;
        use SoloStep as S;
        let (p, attitude) = match step {
            S::PriorityDoesNotApply { priority: p }
            | S::PriorityChosen { priority: p, .. }
            | S::PriorityNotOnBar { priority: p } => (p, self.attitude(p.attitude)),
            _ => return ().into_any(),
        };
        let (n, actions) = (p.n, self.step_actions(p).var(page));
        match step {
            S::PriorityDoesNotApply { .. } if p.interpreted => {
                td!(l, sims.solo_step_does_not_apply_read, attitude, n, actions).into_any()
            }
            S::PriorityDoesNotApply { .. } => {
                td!(l, sims.solo_step_does_not_apply, attitude, n, actions).into_any()
            }
            S::PriorityChosen { text, action, .. } => {
                let (text, action) = (
                    self.seed(text.to_string()),
                    self.step_action(action).var(page),
                );
                if p.interpreted {
                    td!(
                        l,
                        sims.solo_step_chosen_read,
                        attitude,
                        n,
                        text,
                        action,
                        actions
                    )
                    .into_any()
                } else {
                    td!(l, sims.solo_step_chosen, attitude, n, text, action, actions).into_any()
                }
            }
            _ => td!(l, sims.solo_step_not_on_bar, attitude, n, actions).into_any(),
        }
    }

    /// The criterion that picked the tally.
    pub fn tally_reason(self, why: TallyReason) -> AnyView {
        let l = self.locale;
        match why {
            TallyReason::Locked => td!(l, sims.tally_locked).into_any(),
            TallyReason::InArc { letter, arc } => td!(
                l,
                sims.tally_in_arc,
                letter = letter.to_string(),
                arc = self.arc(arc)
            )
            .into_any(),
            TallyReason::BeyondRange { letter, arc } => td!(
                l,
                sims.tally_beyond_range,
                letter = letter.to_string(),
                arc = self.arc(arc)
            )
            .into_any(),
        }
    }
}
