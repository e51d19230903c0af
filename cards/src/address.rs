//! Address codecs: the query string of a shared simulator or search
//! address, read and written through one table of knobs per address.
//!
//! Each [`Knob`] owns its query key, the name of the same input in the JSON
//! API, how a value is read and how it is written, the way ripgrep defines
//! each command-line flag once. The dice, energy, Solo and search addresses
//! each have a table ([`crate::sim::dice::DICE_ADDRESS`],
//! [`crate::sim::energy::ENERGY_ADDRESS`], [`crate::sim::solo::SOLO_ADDRESS`],
//! [`crate::query::SEARCH_ADDRESS`]); nothing else names their keys. Each
//! table is a list of [`knob!`]s, the one way a knob is written.
//!
//! ```
//! use cards::address::{Address, UnknownKeys, knob};
//!
//! #[derive(Debug, Default, PartialEq)]
//! struct Roll { dice: u8 }
//!
//! static ROLL: Address<Roll> = Address {
//!     knobs: &[knob!("n", "dice" => dice, number)],
//!     unknown_keys: UnknownKeys::Ignore,
//! };
//! assert_eq!(ROLL.read([("n", "3")]).unwrap(), Roll { dice: 3 });
//! assert_eq!(ROLL.write(&Roll { dice: 3 }), "n=3");
//! let e = ROLL.read([("n", "lots")]).unwrap_err();
//! assert_eq!(e.to_string(), "`n` must be a whole number, not `lots`");
//! ```

use std::str::FromStr;

/// One input of an address.
pub struct Knob<T: 'static> {
    /// The key in the address's query, e.g. `a` for attack dice.
    pub key: &'static str,
    /// The same input in the JSON API: a field path, `.`-separated for
    /// nested fields (`attacker.focus`), as serde writes the input type.
    pub json: &'static str,
    /// Reads a value into the inputs, or says what the value should be.
    pub read: fn(&mut T, &str) -> Result<(), Refusal>,
    /// The value as the address writes it; `None` leaves the key out (a
    /// default need not be written).
    pub write: fn(&T) -> Option<String>,
}

/// What to do with a key no knob owns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnknownKeys {
    /// Leave it: the address is shared with other readers (the rules page
    /// carries the dice, energy and Solo inputs side by side).
    Ignore,
    /// Refuse it, naming the keys there are.
    Refuse,
}

/// The knobs of one address.
pub struct Address<T: 'static> {
    pub knobs: &'static [Knob<T>],
    pub unknown_keys: UnknownKeys,
}

/// What a value should have been.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("a whole number")]
    NotANumber,
    #[error("1 or 0")]
    NotAFlag,
    #[error("{0}")]
    NotOneOf(&'static str),
    #[error("at most {0} bytes long")]
    TooLong(usize),
    /// A whole sentence of the knob's own, for values with parts (a list
    /// of names, a plan of rounds) where the part at fault is named.
    #[error("{0}")]
    Said(String),
}

/// An address value that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("{}", bad_value(.key, .value, .refusal))]
    BadValue {
        key: String,
        /// The value as given, cut to [`SHOWN_CHARS`] characters.
        value: String,
        refusal: Refusal,
    },
    #[error("unknown parameter `{key}`; known: {known}")]
    UnknownKey { key: String, known: String },
}

/// How much of a stranger's value an error message repeats.
pub const SHOWN_CHARS: usize = 20;

fn bad_value(key: &str, value: &str, refusal: &Refusal) -> String {
    match refusal {
        Refusal::Said(sentence) => sentence.clone(),
        _ => format!("`{key}` must be {refusal}, not `{value}`"),
    }
}

fn shown(text: &str) -> String {
    text.chars().take(SHOWN_CHARS).collect()
}

impl<T: Default> Address<T> {
    /// Reads the pairs of a query: the first bad value or refused key is the error.
    pub fn read<K: AsRef<str>, V: AsRef<str>>(
        &self,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<T, AddressError> {
        let (value, mut errors) = self.read_each(pairs, true);
        match errors.drain(..).next() {
            Some(e) => Err(e),
            None => Ok(value),
        }
    }

    /// Reads every value it can; each that cannot be read is reported and
    /// leaves its input at the default.
    pub fn read_lossy<K: AsRef<str>, V: AsRef<str>>(
        &self,
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> (T, Vec<AddressError>) {
        self.read_each(pairs, false)
    }

    fn read_each<K: AsRef<str>, V: AsRef<str>>(
        &self,
        pairs: impl IntoIterator<Item = (K, V)>,
        stop_at_first: bool,
    ) -> (T, Vec<AddressError>) {
        let mut value = T::default();
        let mut errors = Vec::new();
        for (key, text) in pairs {
            let (key, text) = (key.as_ref(), text.as_ref());
            let error = match self.knobs.iter().find(|k| k.key == key) {
                Some(knob) => {
                    (knob.read)(&mut value, text)
                        .err()
                        .map(|refusal| AddressError::BadValue {
                            key: key.to_string(),
                            value: shown(text),
                            refusal,
                        })
                }
                None if self.unknown_keys == UnknownKeys::Refuse => {
                    Some(AddressError::UnknownKey {
                        key: shown(key),
                        known: self.keys().collect::<Vec<_>>().join(", "),
                    })
                }
                None => None,
            };
            if let Some(e) = error {
                errors.push(e);
                if stop_at_first {
                    break;
                }
            }
        }
        (value, errors)
    }
}

impl<T: 'static> Address<T> {
    /// The query of these inputs, in knob order; `,` and `~` (the list
    /// separators of some values) stay readable.
    pub fn write(&self, value: &T) -> String {
        self.knobs
            .iter()
            .filter_map(|k| (k.write)(value).map(|v| format!("{}={}", encode(k.key), encode(&v))))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The query keys, in knob order.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.knobs.iter().map(|k| k.key)
    }
}

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes())
        .collect::<String>()
        .replace("%2C", ",")
        .replace("%7E", "~")
}

/// A whole number of type `N`.
pub fn number<N: FromStr>(text: &str) -> Result<N, Refusal> {
    text.trim().parse().map_err(|_| Refusal::NotANumber)
}

/// A whole number, or nothing when the value is empty.
pub fn optional_number<N: FromStr>(text: &str) -> Result<Option<N>, Refusal> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        number(text).map(Some)
    }
}

/// `1` or `true`, `0` or `false`.
pub fn flag(text: &str) -> Result<bool, Refusal> {
    match text {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(Refusal::NotAFlag),
    }
}

/// A set flag is written `1`; a clear one is left out.
pub fn write_flag(on: bool) -> Option<String> {
    on.then(|| "1".to_string())
}

/// Text, or nothing when empty.
pub fn optional_text(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

/// Reads one input of an address: the value `read` makes of the text, or
/// its refusal (the input keeps its value). [`knob!`] builds its knobs
/// with it, so that `read` is checked against the input's type.
pub fn read_field<V>(
    field: &mut V,
    text: &str,
    read: fn(&str) -> Result<V, Refusal>,
) -> Result<(), Refusal> {
    *field = read(text)?;
    Ok(())
}

/// Writes one input of an address, as `write` says; [`knob!`] builds its
/// knobs with it, so that `write` is checked against the input's type.
pub fn write_field<V>(field: &V, write: fn(&V) -> Option<String>) -> Option<String> {
    write(field)
}

/// One [`Knob`]: its query key, its JSON name, the input it reads and
/// writes, and how. Every address table (dice, energy, Solo, search) is a
/// list of these, so each input is defined once, where its key is.
///
/// - `knob!("key" => field, how)`: the JSON name is the field's name;
/// - `knob!("key", "json.name" => inputs.field, how)`: a nested field, or a
///   JSON name other than the key.
///
/// `how` is one of
/// - `flag`: `1` or `0`; a set flag is written `1`, a clear one left out;
/// - `number`: a whole number, always written;
/// - `optional_text`, `optional_number`: nothing when empty, and left out
///   when nothing;
/// - `read: R, write: W`: `R` makes the value of the text
///   (`fn(&str) -> Result<V, Refusal>`), `W` writes it (`fn(&V) ->
///   Option<String>`, `None` leaves the key out);
/// - `read_into: R, write: W`: `R` reads into the value itself
///   (`fn(&mut V, &str) -> Result<(), Refusal>`), for a value that keeps
///   the parts it could read when it refuses the rest.
///
/// ```
/// use cards::address::{Address, Refusal, UnknownKeys, knob};
///
/// #[derive(Debug, Default, PartialEq)]
/// struct Attacker { focus: bool }
/// #[derive(Debug, Default, PartialEq)]
/// struct Attack { dice: u8, range: Option<u8>, note: Option<String>, attacker: Attacker }
///
/// static ATTACK: Address<Attack> = Address {
///     knobs: &[
///         knob!("a", "dice" => dice, number),
///         knob!("range" => range, read: |v| match v {
///             "1" | "2" | "3" => Ok(v.parse().ok()),
///             _ => Err(Refusal::NotOneOf("1, 2 or 3")),
///         }, write: |r| r.map(|r| r.to_string())),
///         knob!("note" => note, optional_text),
///         knob!("focus", "attacker.focus" => attacker.focus, flag),
///     ],
///     unknown_keys: UnknownKeys::Refuse,
/// };
/// let attack = ATTACK.read([("a", "3"), ("focus", "1"), ("range", "2")]).unwrap();
/// assert_eq!(attack.attacker, Attacker { focus: true });
/// assert_eq!(ATTACK.write(&attack), "a=3&range=2&focus=1");
/// let e = ATTACK.read([("range", "4")]).unwrap_err();
/// assert_eq!(e.to_string(), "`range` must be 1, 2 or 3, not `4`");
/// assert_eq!(ATTACK.knobs[3].json, "attacker.focus");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __address_knob {
    ($key:literal => $field:ident, $($how:tt)+) => {
        $crate::address::knob!($key, stringify!($field) => $field, $($how)+)
    };
    ($key:literal, $json:expr => $($field:ident).+, flag) => {
        $crate::address::knob!($key, $json => $($field).+,
            read: $crate::address::flag,
            write: |on| $crate::address::write_flag(*on))
    };
    ($key:literal, $json:expr => $($field:ident).+, number) => {
        $crate::address::knob!($key, $json => $($field).+,
            read: $crate::address::number,
            write: |n| Some(n.to_string()))
    };
    ($key:literal, $json:expr => $($field:ident).+, optional_text) => {
        $crate::address::knob!($key, $json => $($field).+,
            read: |text| Ok($crate::address::optional_text(text)),
            write: |text| text.clone())
    };
    ($key:literal, $json:expr => $($field:ident).+, optional_number) => {
        $crate::address::knob!($key, $json => $($field).+,
            read: $crate::address::optional_number,
            write: |n| n.as_ref().map(ToString::to_string))
    };
    ($key:literal, $json:expr => $($field:ident).+, read: $read:expr, write: $write:expr $(,)?) => {
        $crate::address::Knob {
            key: $key,
            json: $json,
            read: |inputs, text| $crate::address::read_field(&mut inputs.$($field).+, text, $read),
            write: |inputs| $crate::address::write_field(&inputs.$($field).+, $write),
        }
    };
    ($key:literal, $json:expr => $($field:ident).+, read_into: $read:expr, write: $write:expr $(,)?) => {
        $crate::address::Knob {
            key: $key,
            json: $json,
            read: |inputs, text| {
                let read: fn(&mut _, &str) -> Result<(), $crate::address::Refusal> = $read;
                read(&mut inputs.$($field).+, text)
            },
            write: |inputs| $crate::address::write_field(&inputs.$($field).+, $write),
        }
    };
}

#[doc(inline)]
pub use crate::__address_knob as knob;

/// Test support: checks that every knob of an address names a field that
/// serde writes for its inputs, and that no two knobs share a key or a name.
#[cfg(test)]
pub(crate) fn assert_table<T: serde::Serialize>(address: &Address<T>, sample: &T) {
    let json = serde_json::to_value(sample).unwrap();
    for (i, knob) in address.knobs.iter().enumerate() {
        let pointer = format!("/{}", knob.json.replace('.', "/"));
        assert!(
            json.pointer(&pointer).is_some(),
            "knob `{}` names `{}`, which the JSON of its inputs does not have: {json}",
            knob.key,
            knob.json
        );
        for other in &address.knobs[..i] {
            assert_ne!(other.key, knob.key, "two knobs share a key");
            assert_ne!(other.json, knob.json, "two knobs share a JSON name");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, serde::Serialize)]
    struct Pair {
        count: u8,
        names: Vec<String>,
        on: bool,
    }

    static PAIR: Address<Pair> = Address {
        knobs: &[
            Knob {
                key: "n",
                json: "count",
                read: |p, v| {
                    p.count = number(v)?;
                    Ok(())
                },
                write: |p| Some(p.count.to_string()),
            },
            Knob {
                key: "names",
                json: "names",
                read: |p, v| {
                    p.names = v.split(',').map(String::from).collect();
                    Ok(())
                },
                write: |p| Some(p.names.join(",")),
            },
            Knob {
                key: "on",
                json: "on",
                read: |p, v| {
                    p.on = flag(v)?;
                    Ok(())
                },
                write: |p| write_flag(p.on),
            },
        ],
        unknown_keys: UnknownKeys::Refuse,
    };

    #[test]
    fn the_table_names_real_fields() {
        assert_table(&PAIR, &Pair::default());
    }

    #[test]
    fn what_is_written_reads_back() {
        let pair = Pair {
            count: 7,
            names: vec!["a b".into(), "c&d".into()],
            on: true,
        };
        let query = PAIR.write(&pair);
        assert_eq!(query, "n=7&names=a+b,c%26d&on=1");
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        assert_eq!(PAIR.read(pairs).unwrap(), pair);
    }

    #[test]
    fn bad_values_and_unknown_keys_are_named() {
        let e = PAIR.read([("on", "maybe")]).unwrap_err();
        assert_eq!(e.to_string(), "`on` must be 1 or 0, not `maybe`");
        let e = PAIR.read([("colour", "red")]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown parameter `colour`; known: n, names, on"
        );
        let long = "9".repeat(1000);
        let e = PAIR.read([("n", long.as_str())]).unwrap_err();
        assert!(e.to_string().len() < 80, "{e}");
    }

    #[test]
    fn a_lossy_read_keeps_the_good_values() {
        let (pair, errors) = PAIR.read_lossy([("n", "x"), ("on", "1"), ("names", "a")]);
        assert_eq!(errors.len(), 1);
        assert_eq!(
            pair,
            Pair {
                count: 0,
                names: vec!["a".into()],
                on: true
            }
        );
    }
}
