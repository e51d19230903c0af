//! One YASB id and the card it names (`yasb.csv`).

use serde::{Deserialize, Serialize};

use super::shared::{CardId, ShortName};

/// The five id spaces of a YASB link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum YasbKind {
    Pilot,
    Upgrade,
    Modification,
    Title,
    Condition,
}

impl YasbKind {
    /// Every kind, in the order of YASB's file.
    pub const ALL: [YasbKind; 5] = [
        YasbKind::Pilot,
        YasbKind::Upgrade,
        YasbKind::Modification,
        YasbKind::Title,
        YasbKind::Condition,
    ];

    /// The name used in `yasb.csv`.
    pub fn name(self) -> &'static str {
        match self {
            YasbKind::Pilot => "pilot",
            YasbKind::Upgrade => "upgrade",
            YasbKind::Modification => "modification",
            YasbKind::Title => "title",
            YasbKind::Condition => "condition",
        }
    }

    /// The list of `cards-common.coffee` that holds this kind.
    pub fn list(self) -> &'static str {
        match self {
            YasbKind::Pilot => "pilotsById",
            YasbKind::Upgrade => "upgradesById",
            YasbKind::Modification => "modificationsById",
            YasbKind::Title => "titlesById",
            YasbKind::Condition => "conditionsById",
        }
    }

    /// The kind [`YasbKind::name`] names.
    pub(in crate::catalog) fn parse(name: &str) -> Option<YasbKind> {
        YasbKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One YASB id and the card it names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct YasbCard {
    pub kind: YasbKind,
    pub yasb_id: u32,
    /// Our card's id: a pilot, an upgrade (modifications and titles are
    /// upgrades here) or a condition.
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub card: CardId,
    /// The choice the id carries ("Heavy Scyk" 17 is `cannon`).
    pub choice: Option<String>,
    /// A pilot's upgrade slots in YASB's order, the order a link lists its
    /// upgrades in (slot XWS names).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub slots: Vec<ShortName>,
}
