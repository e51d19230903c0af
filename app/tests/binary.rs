//! The server binary as a host runs it: its version line, its help, and
//! its logs when standard error is a file or a pipe.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BINARY: &str = env!("CARGO_BIN_EXE_merchant-one");

#[test]
fn version_names_the_package_version_and_the_commit() {
    let out = Command::new(BINARY).arg("--version").output().unwrap();
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    let commit = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8(o.stdout).unwrap().trim().to_string());
    let commit = commit.as_deref().unwrap_or("VERGEN_IDEMPOTENT_OUTPUT");
    assert_eq!(
        line.trim(),
        format!(
            "merchant-one {} (commit {commit})",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn help_describes_the_whole_card_pool_and_todays_files() {
    let out = Command::new(BINARY).arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("every 1st-edition card"), "{help}");
    assert!(help.contains("products and product contents"), "{help}");
    assert!(!help.contains("six CSV files"), "{help}");
}

#[test]
fn logs_to_a_pipe_carry_no_colour_codes() {
    let mut server = Command::new(BINARY)
        .args(["--addr", "127.0.0.1:0", "--page-cache-mb", "0"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = server.stderr.take().unwrap();
    // The lines logged while the server starts, up to its own.
    let mut read = Vec::new();
    for line in BufReader::new(stderr).lines().take(500) {
        let line = line.unwrap();
        let done = line.contains("serving the site");
        read.push(line);
        if done {
            break;
        }
    }
    server.kill().unwrap();
    server.wait().unwrap();
    let last = read.last().unwrap();
    assert!(
        last.contains("serving the site") && last.contains("INFO"),
        "{read:?}"
    );
    for line in &read {
        assert!(!line.contains('\u{1b}'), "no ANSI escape: {line:?}");
    }
}
