//! The collection link decoder and the collection's JSON reader against
//! arbitrary input: they must never panic, and whatever they read must
//! write back to the same collection.
#![no_main]

use std::sync::OnceLock;

use cards::catalog::Database;
use cards::collection::{Collection, link};
use libfuzzer_sys::fuzz_target;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded cards load"))
}

fuzz_target!(|data: &[u8]| {
    let db = db();
    let text = String::from_utf8_lossy(data);
    // As a code around arbitrary bytes with a matching checksum, so the
    // record reader itself is exercised.
    let mut record = data.to_vec();
    record.extend_from_slice(&crc32fast::hash(data).to_be_bytes());
    for code in [text.to_string(), format!("c1.{}", base64_url(&record))] {
        if let Ok(owned) = link::decode(db, &code) {
            assert_eq!(link::decode(db, &link::encode(&owned)).as_ref(), Ok(&owned));
        }
    }
    if let Ok(owned) = Collection::from_json(&text).and_then(|c| c.resolve(db)) {
        assert_eq!(owned.to_collection(db).resolve(db).as_ref(), Ok(&owned));
    }
});

fn base64_url(data: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}
