//! The search in every language: one [`CardIndex`] per [`Lang`], each
//! with its language's words, stemmer, snippets, typos and addresses.
//!
//! ```
//! use cards::catalog::{Database, Translations};
//! use cards::lang::Lang;
//! use search::{Filters, Indexes};
//! let db = Database::embedded().unwrap();
//! let ru = Translations::embedded(Lang::Ru).unwrap().unwrap();
//! let indexes = Indexes::build(&db, &[], &[ru]).unwrap();
//! let found = indexes.get(Lang::Ru).search("ионная пушка", &Filters::default(), 3).unwrap();
//! assert_eq!(found.hits[0].xws, "ioncannon");
//! assert_eq!(found.hits[0].url, "/ru/cards/ioncannon");
//! // English as it always was.
//! let found = indexes.english().search("ion cannon", &Filters::default(), 3).unwrap();
//! assert_eq!(found.hits[0].url, "/cards/ioncannon");
//! ```

use std::sync::Arc;

use cards::catalog::{Database, Translations};
use cards::lang::Lang;

use super::card_index::{CardIndex, SearchError};
use super::documents::RuleSection;

/// Every language's index of one card set.
pub struct Indexes {
    /// In the order of `Lang::ALL`: English first.
    by_lang: [Arc<CardIndex>; Lang::ALL.len()],
}

impl Indexes {
    /// Indexes `db` and the rules sections in every language: English from
    /// the cards' own words, each other language from its translations in
    /// `translations` (the first given for it). A language none is given
    /// for has the English words, read and addressed as that language.
    ///
    /// The languages are built side by side, on as many threads as the
    /// machine has cores (at most one per language).
    pub fn build(
        db: &Database,
        rules: &[RuleSection],
        translations: &[Translations],
    ) -> Result<Indexes, SearchError> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = cores.clamp(1, Lang::ALL.len());
        let build = |lang: Lang| {
            let found = translations.iter().find(|t| t.language() == lang);
            CardIndex::build_in_language(db, rules, lang, found)
        };
        let mut built: Vec<(Lang, Result<CardIndex, SearchError>)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|worker| {
                    scope.spawn(move || {
                        (Lang::ALL.iter().skip(worker).step_by(threads))
                            .map(|&lang| (lang, build(lang)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|worker| match worker.join() {
                    Ok(built) => built,
                    // A build that panicked is a defect: raise it here.
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        });
        built.sort_by_key(|(lang, _)| *lang);
        let by_lang = (built.into_iter())
            .map(|(_, index)| index.map(Arc::new))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Indexes {
            by_lang: by_lang
                .try_into()
                .unwrap_or_else(|_| unreachable!("the workers build each language once")),
        })
    }

    /// The index of `lang`.
    pub fn get(&self, lang: Lang) -> &Arc<CardIndex> {
        let at = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
        &self.by_lang[at]
    }

    /// The English index: the cards' own words, the site's addresses.
    pub fn english(&self) -> &Arc<CardIndex> {
        self.get(Lang::En)
    }

    /// Each language and its index, English first.
    pub fn iter(&self) -> impl Iterator<Item = (Lang, &Arc<CardIndex>)> {
        Lang::ALL.into_iter().zip(&self.by_lang)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use cards::query::Filters;

    /// Every language has its index, in its language, at its addresses;
    /// one without translations has the English words there.
    #[test]
    fn every_language_has_its_index() {
        let db = Database::embedded().unwrap();
        let de = Translations::embedded(Lang::De).unwrap().unwrap();
        let indexes = Indexes::build(&db, &[], &[de]).unwrap();
        for (lang, index) in indexes.iter() {
            assert_eq!(index.lang(), lang);
            assert_eq!(indexes.get(lang).lang(), lang);
            assert_eq!(index.len(), indexes.english().len(), "{lang}");
        }
        let hit = |lang, q| {
            let found = indexes.get(lang).search(q, &Filters::default(), 1).unwrap();
            found.hits.into_iter().next().unwrap()
        };
        let de = hit(Lang::De, "Verbessertes Triebwerk");
        assert_eq!(
            (de.xws.as_str(), de.url.as_str()),
            ("engineupgrade", "/de/cards/engineupgrade")
        );
        let pl = hit(Lang::Pl, "Engine Upgrade");
        assert_eq!(
            (pl.name.as_str(), pl.url.as_str()),
            ("Engine Upgrade", "/pl/cards/engineupgrade")
        );
    }
}
