//! The version 2 link decoder against arbitrary records: it must never
//! panic, and whatever it reads whole must encode back to a code that
//! decodes to the same squad.
#![no_main]

use cards::squad::link;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // As a code around arbitrary bytes, and as a code whose 16-bit
    // checksum (the first two bytes of the CRC-32) matches, so the record
    // reader itself is exercised.
    let mut record = data.to_vec();
    record.extend_from_slice(&crc32fast::hash(data).to_be_bytes()[..2]);
    for code in [
        format!("v2.{}", base64_url(data)),
        format!("v2.{}", base64_url(&record)),
    ] {
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
