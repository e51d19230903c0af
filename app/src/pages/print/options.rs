//! The printout's options, kept in its address so a printout is shared and
//! reopened as it was: `compact=1` (no card texts), `bw=1` (black and
//! white: no colour carries meaning alone), `damage=1` (a space beside
//! each ship for its damage cards), `checklist=1` (the obstacles as boxes
//! to tick). Any other value is the option off.

use leptos::prelude::*;
use leptos_router::params::ParamsMap;

use crate::i18n::{t, t_string};
use crate::lang::{localized, use_i18n};

/// One option of the printout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintOption {
    Compact,
    BlackAndWhite,
    DamageSpace,
    ObstacleChecklist,
}

impl PrintOption {
    /// Every option, in the order the controls and the address list them.
    pub const ALL: [PrintOption; 4] = [
        PrintOption::Compact,
        PrintOption::BlackAndWhite,
        PrintOption::DamageSpace,
        PrintOption::ObstacleChecklist,
    ];

    /// Its key in the address.
    pub fn key(self) -> &'static str {
        match self {
            PrintOption::Compact => "compact",
            PrintOption::BlackAndWhite => "bw",
            PrintOption::DamageSpace => "damage",
            PrintOption::ObstacleChecklist => "checklist",
        }
    }
}

/// The options a printout's address asks for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PrintOptions {
    pub compact: bool,
    pub black_and_white: bool,
    pub damage_space: bool,
    pub obstacle_checklist: bool,
}

impl PrintOptions {
    /// The options of an address's query: `<key>=1` turns one on.
    pub fn from_query(query: &ParamsMap) -> PrintOptions {
        let mut options = PrintOptions::default();
        for option in PrintOption::ALL {
            options.set(option, query.get(option.key()).is_some_and(|v| v == "1"));
        }
        options
    }

    /// Whether an option is on.
    pub fn get(self, option: PrintOption) -> bool {
        match option {
            PrintOption::Compact => self.compact,
            PrintOption::BlackAndWhite => self.black_and_white,
            PrintOption::DamageSpace => self.damage_space,
            PrintOption::ObstacleChecklist => self.obstacle_checklist,
        }
    }

    fn set(&mut self, option: PrintOption, on: bool) {
        match option {
            PrintOption::Compact => self.compact = on,
            PrintOption::BlackAndWhite => self.black_and_white = on,
            PrintOption::DamageSpace => self.damage_space = on,
            PrintOption::ObstacleChecklist => self.obstacle_checklist = on,
        }
    }

    /// The printout's address with these options; `code` is already
    /// percent-encoded.
    pub fn address(self, code: &str) -> String {
        let mut address = format!("/build/print?s={code}");
        for option in PrintOption::ALL.into_iter().filter(|o| self.get(*o)) {
            address.push('&');
            address.push_str(option.key());
            address.push_str("=1");
        }
        address
    }

    /// These options with one turned the other way.
    pub fn toggled(mut self, option: PrintOption) -> PrintOptions {
        self.set(option, !self.get(option));
        self
    }

    /// The printout's classes: `printout`, then one per option on.
    pub fn classes(self) -> String {
        let mut classes = String::from("printout");
        for (on, class) in [
            (self.compact, " compact"),
            (self.black_and_white, " bw"),
            (self.damage_space, " with-damage"),
        ] {
            if on {
                classes.push_str(class);
            }
        }
        classes
    }
}

/// Back to the builder, each option as a box that reopens the printout
/// with it turned, and Print; `code` is already percent-encoded.
#[component]
pub fn PrintControls(code: String, options: PrintOptions) -> impl IntoView {
    let i18n = use_i18n();
    let label = move |option: PrintOption| match option {
        PrintOption::Compact => t_string!(i18n, print.compact),
        PrintOption::BlackAndWhite => t_string!(i18n, print.black_white),
        PrintOption::DamageSpace => t_string!(i18n, print.damage_space),
        PrintOption::ObstacleChecklist => t_string!(i18n, print.obstacle_checklist),
    };
    let toggles = PrintOption::ALL
        .into_iter()
        .map(|option| {
            let on = options.get(option);
            let href = localized(&options.toggled(option).address(&code));
            view! {
                // A whole page load: the sheet is drawn once from its address.
                <a
                    class="print-option"
                    data-option=option.key()
                    href=href
                    rel="external"
                    role="checkbox"
                    aria-checked=on.to_string()
                >
                    {if on { "☑ " } else { "☐ " }}
                    {move || label(option)}
                </a>
            }
        })
        .collect_view();
    view! {
        <nav class="print-controls print-hide" aria-label=move || t_string!(i18n, print.options)>
            <a href=localized(&format!("/build?s={code}"))>{t!(i18n, print.back)}</a>
            {toggles}
            <button type="button" on:click=|_| crate::browser::print()>
                {t!(i18n, print.print)}
            </button>
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_from_and_write_back_to_the_address() {
        let query = ParamsMap::from_iter([
            ("s".to_string(), "v4.x".to_string()),
            ("bw".to_string(), "1".to_string()),
            ("damage".to_string(), "yes".to_string()),
        ]);
        let options = PrintOptions::from_query(&query);
        assert!(options.black_and_white && !options.damage_space && !options.compact);
        assert_eq!(options.address("v4.x"), "/build/print?s=v4.x&bw=1");
        let more = options.toggled(PrintOption::DamageSpace);
        assert_eq!(more.address("v4.x"), "/build/print?s=v4.x&bw=1&damage=1");
        assert_eq!(more.classes(), "printout bw with-damage");
        assert_eq!(
            more.toggled(PrintOption::BlackAndWhite)
                .toggled(PrintOption::DamageSpace),
            PrintOptions::default()
        );
    }
}
