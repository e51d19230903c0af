//! The squad link decoder against arbitrary input: it must never panic,
//! and whatever it reads whole must encode back to a code that decodes to
//! the same squad.
#![no_main]

use cards::squad::link;
use libfuzzer_sys::fuzz_target;

/// Each version and its checksum: v1 ends with the record's CRC-32, v2,
/// v3 and v4 with its first two bytes.
const VERSIONS: [(&str, usize); 4] = [("v1", 4), ("v2", 2), ("v3", 2), ("v4", 2)];

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut codes = vec![text.to_string()];
    // As a code around arbitrary bytes, and as a code whose checksum
    // matches the bytes, so the record reader itself is exercised.
    for (version, checksum) in VERSIONS {
        let mut record = data.to_vec();
        record.extend_from_slice(&crc32fast::hash(data).to_be_bytes()[..checksum]);
        codes.push(format!("{version}.{}", base64_url(data)));
        codes.push(format!("{version}.{}", base64_url(&record)));
    }
    for code in codes {
        let decoded = link::decode_lossy(&code);
        if decoded.error.is_none() {
            let again = link::encode(&decoded.squad);
            assert_eq!(link::decode(&again).as_ref(), Ok(&decoded.squad));
        }
    }
});

fn base64_url(data: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}
