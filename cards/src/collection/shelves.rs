//! The products as `/collection` lists them: by wave, or by the factions
//! whose ships they hold.
//!
//! ```
//! use cards::catalog::Database;
//! use cards::collection::{by_faction, by_wave};
//! let db = Database::embedded().unwrap();
//! let waves = by_wave(&db);
//! assert_eq!(waves[0].0, "Core sets");
//! assert_eq!(waves.iter().map(|(_, p)| p.len()).sum::<usize>(), 63);
//! let factions = by_faction(&db);
//! let scum = factions.iter().find(|(f, _)| f == "Scum and Villainy").unwrap();
//! assert!(scum.1.iter().any(|p| p.key == "c-roc-cruiser"));
//! ```

use crate::catalog::{Database, Product, ProductKind};

/// The products grouped by wave (core sets first, then waves in number
/// order, then "Iconic Starships"), each group in release order.
pub fn by_wave(db: &Database) -> Vec<(String, Vec<&Product>)> {
    let mut groups: Vec<(String, Vec<&Product>)> = Vec::new();
    let mut products = db.products_by_release();
    products.sort_by_key(|p| wave_rank(&p.wave));
    for p in products {
        let name = wave_name(&p.wave);
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, list)) => list.push(p),
            None => groups.push((name, vec![p])),
        }
    }
    groups
}

fn wave_rank(wave: &str) -> u32 {
    wave.parse().unwrap_or(u32::MAX)
}

fn wave_name(wave: &str) -> String {
    match wave.parse::<u32>() {
        Ok(0) => "Core sets".to_string(),
        Ok(n) => format!("Wave {n}"),
        Err(_) => wave.to_string(),
    }
}

/// The products grouped by the squad factions of the ships they hold
/// (a Core Set is under Rebel and Imperial), each in release order.
pub fn by_faction(db: &Database) -> Vec<(String, Vec<&Product>)> {
    db.squad_factions()
        .map(|faction| {
            let products = db
                .products_by_release()
                .into_iter()
                .filter(|p| {
                    p.contents.iter().any(|(kind, id, _)| {
                        *kind == ProductKind::Ship
                            && db.ships.iter().any(|s| {
                                s.id == *id
                                    && s.factions
                                        .iter()
                                        .any(|f| db.squad_faction_of(f) == faction.xws)
                            })
                    })
                })
                .collect();
            (faction.name.clone(), products)
        })
        .collect()
}
