//! How a language's words are read: the analyzer of the searched fields,
//! and the same reading of a query's plain words, done directly.
//!
//! English is read as it always was (`stemming_analyzer`: words, long
//! ones dropped, lower case, the English stemmer). Every other language
//! reads its words the same way, folded to ASCII (`AsciiFoldingFilter`)
//! before its own Snowball stemmer, so a player who types "Jager",
//! "energia" or "agilite" finds "Jäger", "energía" and "agilité". Folded
//! after the stemmer instead, the stemmer would read the accents its
//! rules are written for and merge a few more forms of a word, but a word
//! typed without its accents would often stem apart: of the translations'
//! words with a letter beyond ASCII, 75–85% read the same typed without
//! them in Spanish, French, Hungarian and Turkish (all of them, folded
//! first).
//!
//! Polish has no stemmer in tantivy 0.27 (its `Language` lists none), so
//! Polish words are only lowercased and folded: "energii" does not find
//! "energia". Russian is not folded: the folding knows no Cyrillic, and
//! the Russian stemmer reads "ё" as "е" itself.
//!
//! A quoted phrase reads the fields as written (lower case only, in every
//! language), so it is never stemmed nor folded.

use cards::lang::Lang;
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer,
    Stemmer, TextAnalyzer,
};

use super::schema::{LONGEST_KEPT_WORD, stemming_analyzer};

/// The Snowball stemmer of a language, as tantivy's filter names it and
/// as `frostem` (which that filter runs) does; `None` for Polish.
fn stemmer_of(lang: Lang) -> Option<(Language, frostem::Algorithm)> {
    use frostem::Algorithm as A;
    match lang {
        Lang::En => Some((Language::English, A::English)),
        Lang::De => Some((Language::German, A::German)),
        Lang::Es => Some((Language::Spanish, A::Spanish)),
        Lang::Fr => Some((Language::French, A::French)),
        Lang::Ru => Some((Language::Russian, A::Russian)),
        Lang::Hu => Some((Language::Hungarian, A::Hungarian)),
        Lang::Tr => Some((Language::Turkish, A::Turkish)),
        Lang::Pl => None,
    }
}

/// Whether a language's words are folded to ASCII: not English (read as
/// it always was) nor Russian (nothing to fold).
fn folded(lang: Lang) -> bool {
    !matches!(lang, Lang::En | Lang::Ru)
}

/// The analyzer of a language's searched fields (name, text, action bar).
///
/// ```text
/// English:  words → long ones dropped → lower case → English stemmer
/// German:   words → long ones dropped → lower case → ASCII → German stemmer
/// Russian:  words → long ones dropped → lower case → Russian stemmer
/// Polish:   words → long ones dropped → lower case → ASCII
/// ```
pub(super) fn language_analyzer(lang: Lang) -> TextAnalyzer {
    if lang == Lang::En {
        return stemming_analyzer();
    }
    let mut builder = TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(LONGEST_KEPT_WORD + 1))
        .filter(LowerCaser)
        .dynamic();
    if folded(lang) {
        builder = builder.filter_dynamic(AsciiFoldingFilter);
    }
    if let Some((language, _)) = stemmer_of(lang) {
        builder = builder.filter_dynamic(Stemmer::new(language));
    }
    builder.build()
}

/// A language's reading of a query's words, as its analyzer reads them,
/// without running the analyzer: building one per query cost a fifth of
/// a search for one word.
pub(super) struct Analysis {
    lang: Lang,
    stemmer: Option<frostem::Stemmer>,
    /// Folds one word to ASCII, as the analyzer's filter before the
    /// stemmer does; `None` where the language is not folded.
    folder: Option<TextAnalyzer>,
}

impl Analysis {
    pub(super) fn new(lang: Lang) -> Analysis {
        let folder = folded(lang).then(|| {
            TextAnalyzer::builder(RawTokenizer::default())
                .filter(AsciiFoldingFilter)
                .build()
        });
        Analysis {
            lang,
            stemmer: stemmer_of(lang).map(|(_, algorithm)| frostem::Stemmer::new(algorithm)),
            folder,
        }
    }

    pub(super) fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether `word` is one the analyzer keeps whole and the query syntax
    /// reads as a word: letters and digits (English: ASCII ones only, as
    /// it always was), and not too long.
    pub(super) fn is_plain(&self, word: &str) -> bool {
        word.len() <= LONGEST_KEPT_WORD
            && match self.lang {
                Lang::En => word.bytes().all(|b| b.is_ascii_alphanumeric()),
                _ => word.chars().all(char::is_alphanumeric),
            }
    }

    /// Each word as the index holds it: lower case, folded and stemmed,
    /// as the language's analyzer reads a plain word ("Shields" is
    /// `shield`). A word the analyzer drops (too long) stays as it is, and
    /// then matches nothing, as before.
    pub(super) fn stems<S: AsRef<str>>(&self, words: impl IntoIterator<Item = S>) -> Vec<String> {
        let mut folder = None;
        words
            .into_iter()
            .map(|word| self.stem(word.as_ref(), &mut folder))
            .collect()
    }

    /// One word as the index holds it; `folder` is this call's copy of
    /// the folding analyzer, made when a word first needs it.
    fn stem(&self, word: &str, folder: &mut Option<TextAnalyzer>) -> String {
        if self.lang == Lang::En {
            let lower = word.to_lowercase();
            return match (lower.len() > LONGEST_KEPT_WORD, &self.stemmer) {
                (false, Some(stemmer)) => stemmer.stem(&lower).into_owned(),
                _ => lower,
            };
        }
        // Lowercased a character at a time, as tantivy's `LowerCaser` does
        // (it leaves a final sigma as it is; `to_lowercase` does not).
        let lower: String = word.chars().flat_map(char::to_lowercase).collect();
        if word.len() > LONGEST_KEPT_WORD {
            return lower;
        }
        let folded = match &self.folder {
            Some(proto) if !lower.is_ascii() => {
                let analyzer = folder.get_or_insert_with(|| proto.clone());
                let mut stream = analyzer.token_stream(&lower);
                let folded = stream.advance().then(|| stream.token().text.clone());
                drop(stream);
                folded.unwrap_or(lower)
            }
            _ => lower,
        };
        match &self.stemmer {
            Some(stemmer) => stemmer.stem(&folded).into_owned(),
            None => folded,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;

    /// What the analyzer makes of one word, or the word lowercased when
    /// it drops it.
    fn analyzed(analyzer: &mut TextAnalyzer, word: &str) -> String {
        let mut stream = analyzer.token_stream(word);
        match stream.advance() {
            true => stream.token().text.clone(),
            false => word.to_lowercase(),
        }
    }

    /// A query's plain words are read as the language's analyzer reads
    /// them, in every language: capitals, accents, Cyrillic, Turkish
    /// dotted and dotless i, a final sigma, a word one byte too long.
    #[test]
    fn a_querys_stems_are_each_languages_analyzers() {
        let words = [
            "Energie",
            "Jäger",
            "JAGER",
            "Schilde",
            "energía",
            "ACCIÓN",
            "acciones",
            "sécurité",
            "énergies",
            "энергии",
            "Энергию",
            "ещё",
            "kalkanları",
            "İstanbul",
            "Iğdır",
            "pajzsot",
            "tarczę",
            "ŁÓDŹ",
            "ΣΊΣΥΦΟΣ",
            "4",
            "abcdefghijabcdefghijabcdefghijabcdefghi",
            "abcdefghijabcdefghijabcdefghijabcdefghij",
        ];
        for lang in Lang::ALL {
            let analysis = Analysis::new(lang);
            let mut analyzer = language_analyzer(lang);
            for word in words.into_iter().filter(|w| analysis.is_plain(w)) {
                let theirs = analyzed(&mut analyzer, word);
                assert_eq!(analysis.stems([word]), vec![theirs], "{lang}: {word}");
            }
        }
    }

    /// The languages read as the module says: stemmed, folded, or neither.
    #[test]
    fn each_language_stems_and_folds_as_documented() {
        let read = |lang, word| {
            language_analyzer(lang)
                .token_stream(word)
                .next()
                .unwrap()
                .text
                .clone()
        };
        // German: the stem, umlauts gone; typed without them, the same.
        assert_eq!(read(Lang::De, "Jägern"), read(Lang::De, "Jager"));
        // Spanish and French: typed without accents, the same words.
        assert_eq!(read(Lang::Es, "energía"), read(Lang::Es, "energia"));
        assert_eq!(read(Lang::Es, "batería"), read(Lang::Es, "bateria"));
        assert_eq!(read(Lang::Fr, "agilité"), read(Lang::Fr, "AGILITE"));
        assert_eq!(read(Lang::Fr, "améliorée"), read(Lang::Fr, "améliorées"));
        // Russian: cases are one stem, and nothing is folded.
        assert_eq!(read(Lang::Ru, "энергии"), read(Lang::Ru, "энергию"));
        assert_eq!(read(Lang::Ru, "ещё"), read(Lang::Ru, "еще"));
        // Polish: no stemmer, only lower case and folding.
        assert_eq!(read(Lang::Pl, "Tarczę"), "tarcze");
        assert_ne!(read(Lang::Pl, "tarczy"), read(Lang::Pl, "tarcza"));
        // English as it always was: stemmed, accents kept.
        assert_eq!(read(Lang::En, "Shields"), "shield");
        assert_eq!(read(Lang::En, "énergie"), "énergi");
    }

    #[test]
    fn plain_words_are_ascii_in_english_and_any_letters_elsewhere() {
        let (en, ru) = (Analysis::new(Lang::En), Analysis::new(Lang::Ru));
        assert!(en.is_plain("energy") && ru.is_plain("energy"));
        assert!(!en.is_plain("энергия") && ru.is_plain("энергия"));
        assert!(!ru.is_plain("x-wing") && !ru.is_plain("\"a\""));
        // Too long for the tokenizer: 20 Cyrillic letters are 40 bytes.
        assert!(!ru.is_plain(&"я".repeat(20)));
    }
}
