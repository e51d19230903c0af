//! YASB's card text as ours: its `%FOCUS%`-style icon markers become our
//! `[Focus]` tokens (the names `cards/data/symbols/symbols.csv` gives), its
//! restriction markers and `<span class="card-restriction">` become the
//! restriction, apart from the text as our cards keep it
//! (`restriction_text` in `upgrades.csv`), and its HTML becomes plain text:
//! `<br />` a new line, every other tag dropped, the few entities decoded.

/// What a marker stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    /// An icon: our token's name, written `[Name]`.
    Token(&'static str),
    /// A restriction, as YASB's `fixIcons` (`cards-common.coffee`) prints it.
    Restriction(&'static str),
    /// `%LINEBREAK%`.
    Break,
}

/// Every marker YASB's texts use, with what it stands for. `fixIcons` in
/// `cards-common.coffee` is the source; `%UTURN%` draws the Koiogran turn
/// there, `%CANON%` and `%KRIT%` are misspellings in the French, Polish and
/// German files, and the `%PL_…%` markers have no text in YASB at all (it
/// shows them raw), so they read as the English restriction, which the
/// import then drops as English.
const MARKERS: &[(&str, Marker)] = &[
    ("ASTROMECH", Marker::Token("Astromech")),
    ("BANKLEFT", Marker::Token("Bank Left")),
    ("BANKRIGHT", Marker::Token("Bank Right")),
    ("BARRELROLL", Marker::Token("Barrel Roll")),
    ("BOMB", Marker::Token("Bomb")),
    ("BOOST", Marker::Token("Boost")),
    ("CANNON", Marker::Token("Cannon")),
    ("CANON", Marker::Token("Cannon")),
    ("CARGO", Marker::Token("Cargo")),
    ("CLOAK", Marker::Token("Cloak")),
    ("COORDINATE", Marker::Token("Coordinate")),
    ("CREW", Marker::Token("Crew")),
    ("CRIT", Marker::Token("Critical Hit")),
    ("KRIT", Marker::Token("Critical Hit")),
    ("ELITE", Marker::Token("Elite")),
    ("EVADE", Marker::Token("Evade")),
    ("FOCUS", Marker::Token("Focus")),
    ("HARDPOINT", Marker::Token("Hardpoint")),
    ("HIT", Marker::Token("Hit")),
    ("ILLICIT", Marker::Token("Illicit")),
    ("JAM", Marker::Token("Jam")),
    ("KTURN", Marker::Token("Koiogran Turn")),
    ("UTURN", Marker::Token("Koiogran Turn")),
    ("MISSILE", Marker::Token("Missile")),
    ("RECOVER", Marker::Token("Recover")),
    ("REINFORCE", Marker::Token("Reinforce")),
    ("SALVAGEDASTROMECH", Marker::Token("Salvaged Astromech")),
    ("SLAM", Marker::Token("SLAM")),
    ("SLOOPLEFT", Marker::Token("Segnor's Loop Left")),
    ("SLOOPRIGHT", Marker::Token("Segnor's Loop Right")),
    ("STRAIGHT", Marker::Token("Straight")),
    ("STOP", Marker::Token("Stop")),
    ("SYSTEM", Marker::Token("System")),
    ("TARGETLOCK", Marker::Token("Target Lock")),
    ("TEAM", Marker::Token("Team")),
    ("TECH", Marker::Token("Tech")),
    ("TORPEDO", Marker::Token("Torpedo")),
    ("TROLLLEFT", Marker::Token("Tallon Roll Left")),
    ("TROLLRIGHT", Marker::Token("Tallon Roll Right")),
    ("TURNLEFT", Marker::Token("Turn Left")),
    ("TURNRIGHT", Marker::Token("Turn Right")),
    ("TURRET", Marker::Token("Turret")),
    ("LINEBREAK", Marker::Break),
    ("DUALCARD", Marker::Restriction("Dual card.")),
    ("HUGESHIPONLY", Marker::Restriction("Huge ship only.")),
    ("LARGESHIPONLY", Marker::Restriction("Large ship only.")),
    ("SMALLSHIPONLY", Marker::Restriction("Small ship only.")),
    ("REBELONLY", Marker::Restriction("Rebel only.")),
    ("IMPERIALONLY", Marker::Restriction("Imperial only.")),
    ("SCUMONLY", Marker::Restriction("Scum only.")),
    ("LIMITED", Marker::Restriction("Limited.")),
    (
        "GOZANTIONLY",
        Marker::Restriction("Gozanti-class cruiser only."),
    ),
    (
        "DE_HUGESHIPONLY",
        Marker::Restriction("Nur für riesige Schiffe."),
    ),
    (
        "DE_LARGESHIPONLY",
        Marker::Restriction("Nur für grosse Schiffe."),
    ),
    (
        "DE_SMALLSHIPONLY",
        Marker::Restriction("Nur für kleine Schiffe."),
    ),
    ("DE_REBELONLY", Marker::Restriction("Nur für Rebellen.")),
    (
        "DE_IMPERIALONLY",
        Marker::Restriction("Nur für das Imperium."),
    ),
    (
        "DE_SCUMONLY",
        Marker::Restriction("Nur für Abschaum & Kriminelle."),
    ),
    ("DE_LIMITED", Marker::Restriction("Limitiert.")),
    ("DE_DUALCARD", Marker::Restriction("Doppelseiteige Karte.")),
    (
        "DE_GOZANTIONLY",
        Marker::Restriction("Nur für Kreuzer der Gozanti-Klasse."),
    ),
    (
        "FR_HUGESHIPONLY",
        Marker::Restriction("Vaisseau immense uniquement."),
    ),
    (
        "FR_LARGESHIPONLY",
        Marker::Restriction("Grand vaisseau uniquement."),
    ),
    ("FR_REBELONLY", Marker::Restriction("Rebelle uniquement.")),
    (
        "FR_IMPERIALONLY",
        Marker::Restriction("Impérial uniquement."),
    ),
    ("FR_SCUMONLY", Marker::Restriction("Racailles uniquement.")),
    ("PL_HUGESHIPONLY", Marker::Restriction("Huge ship only.")),
    ("PL_LARGESHIPONLY", Marker::Restriction("Large ship only.")),
    ("PL_REBELONLY", Marker::Restriction("Rebel only.")),
    ("PL_IMPERIALONLY", Marker::Restriction("Imperial only.")),
    ("PL_SCUMONLY", Marker::Restriction("Scum only.")),
];

/// The token names the marker table writes (for its test against the
/// symbols).
pub fn marker_tokens() -> impl Iterator<Item = &'static str> {
    MARKERS.iter().filter_map(|(_, m)| match m {
        Marker::Token(name) => Some(*name),
        _ => None,
    })
}

/// A card text converted: the text and the restriction (empty if none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardText {
    pub restriction: String,
    pub text: String,
}

const RESTRICTION_OPEN: &str = "<span class=\"card-restriction\">";

/// Converts one YASB text; an unknown `%MARKER%` is an error naming it.
pub fn convert_card_text(yasb: &str) -> Result<CardText, String> {
    let marked = expand_markers(yasb)?;
    let mut restrictions = Vec::new();
    let mut rest = String::new();
    let mut tail = marked.as_str();
    while let Some(start) = tail.find(RESTRICTION_OPEN) {
        rest.push_str(&tail[..start]);
        let inner = &tail[start + RESTRICTION_OPEN.len()..];
        let end = inner.find("</span>").unwrap_or(inner.len());
        restrictions.push(plain(&inner[..end]));
        tail = inner.get(end + "</span>".len()..).unwrap_or("");
    }
    rest.push_str(tail);
    Ok(CardText {
        restriction: restrictions.join(" "),
        text: plain(&rest),
    })
}

/// The markers replaced: tokens as `[Name]`, restrictions as YASB's spans,
/// line breaks as `<br />`.
fn expand_markers(yasb: &str) -> Result<String, String> {
    let mut out = String::with_capacity(yasb.len());
    let mut tail = yasb;
    while let Some(start) = tail.find('%') {
        out.push_str(&tail[..start]);
        let after = &tail[start + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_uppercase() || c == '_'))
            .unwrap_or(after.len());
        let (name, skip) = if name_len > 0 && after[name_len..].starts_with('%') {
            (&after[..name_len], name_len + 1)
        } else if let Some(typo) = unclosed_marker(after) {
            // `%LINEBREAKCuando`: the Spanish file once forgets the closing `%`.
            (typo, typo.len())
        } else {
            // A percent sign, not a marker.
            out.push('%');
            tail = after;
            continue;
        };
        match MARKERS.iter().find(|(n, _)| *n == name).map(|(_, m)| *m) {
            Some(Marker::Token(token)) => {
                out.push('[');
                out.push_str(token);
                out.push(']');
            }
            Some(Marker::Restriction(text)) => {
                out.push_str(RESTRICTION_OPEN);
                out.push_str(text);
                out.push_str("</span>");
            }
            Some(Marker::Break) => out.push_str("<br />"),
            None => return Err(format!("the marker `%{name}%` is not in the marker table")),
        }
        tail = &after[skip..];
    }
    out.push_str(tail);
    Ok(out)
}

/// The longest marker name `after` starts with, where its closing `%` is
/// missing.
fn unclosed_marker(after: &str) -> Option<&'static str> {
    MARKERS
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| after.starts_with(name))
        .max_by_key(|name| name.len())
}

/// HTML as plain text: `<br>` in any spelling a new line, other tags
/// dropped, entities decoded, spaces collapsed, blank lines dropped.
fn plain(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut tail = html;
    while let Some(start) = tail.find('<') {
        text.push_str(&tail[..start]);
        let Some(end) = tail[start..].find('>') else {
            text.push_str(&tail[start..]);
            tail = "";
            break;
        };
        let tag = &tail[start + 1..start + end];
        if tag.trim_end_matches('/').trim().eq_ignore_ascii_case("br") {
            text.push('\n');
        }
        tail = &tail[start + end + 1..];
    }
    text.push_str(tail);
    let text = text
        .replace("&nbsp;", " ")
        .replace("&deg;", "°")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether a restriction is only YASB's English restriction phrases
/// ("Scum only.", "Limited."): what a file without its own words for them
/// prints, as in the French "Attanni Mindlink".
pub fn english_restriction(restriction: &str) -> bool {
    let mut rest = normalised(restriction);
    for (name, marker) in MARKERS {
        if let (Marker::Restriction(text), false) = (marker, name.contains('_')) {
            rest = rest.replace(text, "");
        }
    }
    !restriction.trim().is_empty() && rest.trim().is_empty()
}

/// Text compared the way the pasted-English check compares it: spaces
/// collapsed and the ends trimmed.
pub fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The words English card texts are written in, to tell an English text
/// edited by hand from a translation: a text of at least
/// [`EnglishWords::FEWEST`] words, each in English card texts, is English.
/// A translation keeps some English words (names, "(Agility)" after its
/// own word), never all of them.
pub struct EnglishWords(std::collections::HashSet<String>);

impl EnglishWords {
    /// Fewer words than this say too little to tell.
    pub const FEWEST: usize = 4;

    /// The words of `texts`.
    pub fn of<'a>(texts: impl Iterator<Item = &'a str>) -> EnglishWords {
        EnglishWords(texts.flat_map(words).collect())
    }

    /// Whether `text` is written in these words only.
    pub fn wrote(&self, text: &str) -> bool {
        let mut count = 0;
        for word in words(text) {
            if !self.0.contains(&word) {
                return false;
            }
            count += 1;
        }
        count >= Self::FEWEST
    }
}

/// A text's words in lower case, without its `[Token]`s and numbers.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split('[')
        .flat_map(|part| {
            part.split_once(']')
                .map_or(part, |(_, after)| after)
                .split(|c: char| !c.is_alphabetic() && c != '\'')
        })
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_in_english_words_only_is_english() {
        let english = EnglishWords::of(
            ["Your upgrade bar gains 1 additional [Crew] upgrade icon and loses 1 [Cargo] upgrade icon."]
                .into_iter(),
        );
        assert!(english.wrote(
            "Your upgrade bar 1 additional [Crew] upgrade icon and loses 1 [Cargo] upgrade icon."
        ));
        assert!(
            !english.wrote("Votre bandeau d'amélioration gagne 1 icône [Crew] (upgrade icon).")
        );
        assert!(
            !english.wrote("Your upgrade bar."),
            "three words say too little"
        );
    }

    #[test]
    fn markers_become_tokens_and_html_plain_text() {
        let t = convert_card_text(
            "%DE_REBELONLY%%LINEBREAKWenn du <strong>angreifst</strong>, ändere 1 %FOCUS% in %KRIT%.<br />Dann 100%.",
        )
        .unwrap();
        assert_eq!(t.restriction, "Nur für Rebellen.");
        assert_eq!(
            t.text,
            "Wenn du angreifst, ändere 1 [Focus] in [Critical Hit].\nDann 100%."
        );
    }

    #[test]
    fn a_restriction_span_written_out_is_the_restriction() {
        let t = convert_card_text(
            "<span class=\"card-restriction\">Limitált.</span>%LINEBREAK%Miután&nbsp;X",
        )
        .unwrap();
        assert_eq!(t.restriction, "Limitált.");
        assert_eq!(t.text, "Miután X");
    }

    #[test]
    fn english_restriction_phrases_are_found() {
        assert!(english_restriction("Scum only. Limited."));
        assert!(!english_restriction("Racailles uniquement."));
        assert!(!english_restriction(""));
    }

    #[test]
    fn an_unknown_marker_is_named() {
        let e = convert_card_text("Roll %WOBBLE% now").unwrap_err();
        assert!(e.contains("%WOBBLE%"), "{e}");
    }

    #[test]
    fn every_token_has_a_glyph_or_is_kept_as_text() {
        for token in marker_tokens() {
            let kept = cards::symbols::TOKENS_KEPT_AS_TEXT
                .iter()
                .any(|(name, _)| name.eq_ignore_ascii_case(token));
            assert!(
                kept || cards::symbols::token_symbol(token).is_some(),
                "{token} is no token of symbols.csv"
            );
        }
    }
}
