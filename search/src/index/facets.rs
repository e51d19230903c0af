//! The facets: how many hits each filter value would leave for a query.

use cards::catalog::ShipSize;
use cards::query::{FilterCounts, Filters, HitKind, POINT_BANDS, SKILL_BANDS, band_code};
use tantivy::collector::Count;

use super::card_index::{CardIndex, SearchError};

impl CardIndex {
    /// How many hits each filter value would leave for this query, the
    /// other filters kept as they are.
    pub fn counts(&self, q: &str, filters: &Filters) -> Result<FilterCounts, SearchError> {
        if q.trim().is_empty() && *filters == Filters::default() {
            return Ok(self.all_counts.clone());
        }
        self.count_each(q, filters)
    }

    /// Each filter value's count, counted: one search per value.
    pub(super) fn count_each(
        &self,
        q: &str,
        filters: &Filters,
    ) -> Result<FilterCounts, SearchError> {
        let searcher = &self.searcher;
        let plan = self.plan(q, filters, 0)?;
        let count = |f: Filters| -> Result<usize, SearchError> {
            searcher
                .search(&self.with_filters(plan.text.box_clone(), &f), &Count)
                .map_err(SearchError::from)
        };
        let each = |values: &[String], set: &dyn Fn(&mut Filters, String)| {
            values
                .iter()
                .map(|v| {
                    let mut f = filters.clone();
                    set(&mut f, v.clone());
                    count(f).map(|n| (v.clone(), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()
        };
        let flags = |set: &dyn Fn(&mut Filters, bool)| {
            [true, false]
                .into_iter()
                .map(|b| {
                    let mut f = filters.clone();
                    set(&mut f, b);
                    count(f).map(|n| (b, n))
                })
                .collect::<Result<Vec<_>, SearchError>>()
        };
        Ok(FilterCounts {
            faction: each(&self.factions, &|f, v| f.faction = Some(v))?,
            kind: HitKind::ALL
                .into_iter()
                .map(|k| {
                    let mut f = filters.clone();
                    f.kind = Some(k);
                    count(f).map(|n| (k, n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
            slot: each(&self.slots, &|f, v| f.slot = Some(v))?,
            ship: each(&self.ships, &|f, v| f.ship = Some(v))?,
            unique: flags(&|f, b| f.unique = Some(b))?,
            limited: flags(&|f, b| f.limited = Some(b))?,
            huge_only: flags(&|f, b| f.huge_only = Some(b))?,
            size: [ShipSize::Small, ShipSize::Large, ShipSize::Huge]
                .into_iter()
                .map(|size| {
                    let mut f = filters.clone();
                    f.size = Some(size);
                    count(f).map(|n| (size.as_str().to_string(), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
            skill: SKILL_BANDS
                .into_iter()
                .map(|band| {
                    let mut f = filters.clone();
                    f.skill = Some(band);
                    count(f).map(|n| (band_code(band), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
            points: POINT_BANDS
                .into_iter()
                .map(|(lo, hi)| {
                    let mut f = filters.clone();
                    (f.min_points, f.max_points) = (Some(lo), Some(hi));
                    count(f).map(|n| (band_code((lo, hi)), n))
                })
                .collect::<Result<Vec<_>, SearchError>>()?,
        })
    }
}
