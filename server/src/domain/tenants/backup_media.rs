//! A tenant's media in its export file (issue 43, docs/operations.md#backup-and-restore): the
//! objects of its prefix follow the rows' closing line, so a tenant moved to another server keeps
//! its photos, voice notes and documents.
//!
//! ```text
//! {"end":{"rows":12345}}
//! {"m":"3f/3fa9…","d":"<base64 of up to 768 KiB>"}
//! {"m":"3f/3fa9…","d":"…"}                     (the same object continues)
//! {"m":"3f/3fa9….thumb.jpg","d":"…"}
//! {"mediaEnd":{"objects":2,"bytes":1048576}}
//! ```
//!
//! Keys are relative to the tenant's prefix, so the file imports under any name. Objects are
//! read and written a part at a time (never whole in memory). On import every original is hashed
//! as it arrives and must match its key — a changed file is refused, not stored under a name that
//! lies — and the closing line's counts tell a truncated file apart. A file of format version 1
//! (no media section) ends after the rows: it imports with no media.

use std::io::{BufRead, Write};

use base64::{Engine, engine::general_purpose::STANDARD};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use crate::domain::{
    error::{Error, Result},
    media::{
        MediaStore,
        ingest::{Spool, SpoolError},
    },
};

/// Raw bytes per line (base64 makes it 1 MiB).
const PART: usize = 768 * 1024;
/// The largest object an import accepts: the largest medium the server keeps, with room.
const MAX_OBJECT: u64 = 128 * 1024 * 1024;

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Line {
    Part { m: String, d: String },
    End(EndLine),
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct EndLine {
    media_end: Totals,
}

/// Objects and bytes in a file's media section.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub objects: u64,
    pub bytes: u64,
}

fn write_line(out: &mut impl Write, line: &Line) -> Result<()> {
    serde_json::to_writer(&mut *out, line).map_err(|err| Error::Internal(err.into()))?;
    out.write_all(b"\n").map_err(|err| Error::Internal(err.into()))
}

/// Writes every object of `tenant` after the rows.
pub async fn export(store: &MediaStore, tenant: &str, out: &mut impl Write) -> Result<Totals> {
    let mut totals = Totals::default();
    let prefix = format!("{tenant}/");
    let mut objects = store.list_tenant(tenant);
    while let Some((key, _)) = objects.try_next().await? {
        let relative = key.as_ref().strip_prefix(&prefix).unwrap_or(key.as_ref()).to_owned();
        let mut stream = store.read(&key, None).await?;
        let mut buffer: Vec<u8> = Vec::with_capacity(PART);
        let mut wrote_any = false;
        while let Some(chunk) = stream.try_next().await? {
            let mut chunk = &chunk[..];
            while !chunk.is_empty() {
                let take = (PART - buffer.len()).min(chunk.len());
                buffer.extend_from_slice(&chunk[..take]);
                chunk = &chunk[take..];
                if buffer.len() == PART {
                    write_line(out, &Line::Part { m: relative.clone(), d: STANDARD.encode(&buffer) })?;
                    totals.bytes += buffer.len() as u64;
                    buffer.clear();
                    wrote_any = true;
                }
            }
        }
        if !buffer.is_empty() || !wrote_any {
            write_line(out, &Line::Part { m: relative.clone(), d: STANDARD.encode(&buffer) })?;
            totals.bytes += buffer.len() as u64;
        }
        totals.objects += 1;
    }
    write_line(out, &Line::End(EndLine { media_end: totals }))?;
    Ok(totals)
}

/// Moves `input` past the rows (up to and including their closing line).
pub fn skip_rows(input: &mut impl BufRead) -> Result<()> {
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(|err| Error::Internal(err.into()))? == 0 {
            return Err(invalid("o arquivo terminou antes da linha final das tabelas (exportação incompleta?)"));
        }
        // Row lines start with {"t": — serde writes the fields in order.
        if line.starts_with("{\"end\":") {
            return Ok(());
        }
    }
}

fn invalid(why: &str) -> Error {
    Error::invalid_field("invalid_backup", "file", format!("Mídia da exportação: {why}."))
}

/// One object being received.
struct Receiving {
    key: String,
    spool: Spool,
}

/// Stores the media section that follows the rows under `tenant`. `version`: the file's format
/// (1 has no media section). Objects already stored (the same bytes) are not written again.
pub async fn import(store: &MediaStore, tenant: &str, version: u32, input: &mut impl BufRead) -> Result<Totals> {
    let mut totals = Totals::default();
    if version < 2 {
        return Ok(totals);
    }
    let mut current: Option<Receiving> = None;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(|err| Error::Internal(err.into()))? == 0 {
            return Err(invalid("o arquivo terminou antes da linha final (exportação incompleta?)"));
        }
        let parsed: Line = serde_json::from_str(line.trim_end()).map_err(|_| invalid("linha inválida"))?;
        match parsed {
            Line::Part { m, d } => {
                if !is_object_key(&m) {
                    return Err(invalid("nome de objeto inválido"));
                }
                let bytes = STANDARD.decode(d.as_bytes()).map_err(|_| invalid("conteúdo que não é base64"))?;
                if current.as_ref().is_some_and(|r| r.key != m) {
                    let done = current.take().expect("checked above");
                    totals.objects += 1;
                    totals.bytes += finish(store, tenant, done).await?;
                }
                let receiving = match &mut current {
                    Some(receiving) => receiving,
                    None => current.insert(Receiving { key: m, spool: Spool::new(MAX_OBJECT)? }),
                };
                receiving.spool.write(&bytes).await.map_err(|err| match err {
                    SpoolError::TooLarge(_) => invalid("objeto grande demais"),
                    SpoolError::Io(why) => Error::Internal(anyhow::anyhow!(why)),
                })?;
            }
            Line::End(EndLine { media_end }) => {
                if let Some(done) = current.take() {
                    totals.objects += 1;
                    totals.bytes += finish(store, tenant, done).await?;
                }
                if media_end != totals {
                    return Err(invalid(&format!(
                        "a linha final diz {} objetos e {} bytes, o arquivo tem {} e {}",
                        media_end.objects, media_end.bytes, totals.objects, totals.bytes
                    )));
                }
                return Ok(totals);
            }
        }
    }
}

/// Checks and stores a received object; answers its size.
async fn finish(store: &MediaStore, tenant: &str, receiving: Receiving) -> Result<u64> {
    let spooled = receiving.spool.finish().await.map_err(|err| Error::Internal(anyhow::anyhow!(err.to_string())))?;
    let name = receiving.key.rsplit('/').next().unwrap_or_default();
    if !name.contains('.') && name != spooled.sha256 {
        return Err(invalid(&format!("o conteúdo de {} não confere com o seu SHA-256", receiving.key)));
    }
    let key = object_store::path::Path::from(format!("{tenant}/{}", receiving.key));
    if !store.exists(&key).await? {
        store.put_file(&key, &spooled.temp).await?;
    }
    Ok(spooled.size)
}

/// `ab/<64 hex>` or `ab/<64 hex>.thumb.jpg`: nothing else reaches the store.
fn is_object_key(key: &str) -> bool {
    let Some((shard, name)) = key.split_once('/') else { return false };
    let sha = name.strip_suffix(".thumb.jpg").unwrap_or(name);
    shard.len() == 2
        && sha.len() == 64
        && sha.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        && sha.starts_with(shard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_content_addressed_keys_are_accepted() {
        let sha = "3f".to_owned() + &"a".repeat(62);
        assert!(is_object_key(&format!("3f/{sha}")));
        assert!(is_object_key(&format!("3f/{sha}.thumb.jpg")));
        assert!(!is_object_key(&format!("aa/{sha}")), "the shard is the hash's start");
        assert!(!is_object_key(&format!("3f/../{sha}")));
        assert!(!is_object_key(&format!("3f/{sha}.html")));
        assert!(!is_object_key("3f"));
    }

    #[tokio::test]
    async fn objects_travel_by_parts_and_a_changed_byte_is_refused() {
        let store = MediaStore::memory();
        let big: Vec<u8> = (0..(PART * 2 + 17)).map(|i| (i % 251) as u8).collect();
        let sha = {
            use sha2::{Digest, Sha256};
            Sha256::digest(&big).iter().map(|b| format!("{b:02x}")).collect::<String>()
        };
        let key = crate::domain::media::store::key("acme", &sha, crate::domain::media::store::Object::Original);
        store.put_bytes(&key, big.clone()).await.unwrap();
        let thumb = crate::domain::media::store::key("acme", &sha, crate::domain::media::store::Object::Thumbnail);
        store.put_bytes(&thumb, vec![1, 2, 3]).await.unwrap();

        let mut file = Vec::new();
        let exported = export(&store, "acme", &mut file).await.unwrap();
        assert_eq!(exported, Totals { objects: 2, bytes: big.len() as u64 + 3 });
        assert_eq!(file.iter().filter(|b| **b == b'\n').count(), 3 + 1 + 1, "3 parts, 1 thumbnail, 1 end");

        let imported = import(&store, "copy", 2, &mut file.as_slice()).await.unwrap();
        assert_eq!(imported, exported);
        let copied = store.read_all(&object_store::path::Path::from(format!("copy/{}/{sha}", &sha[..2]))).await;
        assert_eq!(copied.unwrap().to_vec(), big);

        // One byte changed in the first part: the hash no longer matches the key.
        let text = String::from_utf8(file.clone()).unwrap();
        let first = text.lines().next().unwrap();
        let part: serde_json::Value = serde_json::from_str(first).unwrap();
        let mut bytes = STANDARD.decode(part["d"].as_str().unwrap()).unwrap();
        bytes[0] ^= 1;
        let changed = text.replacen(part["d"].as_str().unwrap(), &STANDARD.encode(&bytes), 1);
        let err = import(&store, "other", 2, &mut changed.as_bytes()).await.unwrap_err();
        assert!(err.to_string().contains("SHA-256"), "{err}");

        // Cut before the closing line.
        let cut: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
        let err = import(&store, "other2", 2, &mut cut.as_bytes()).await.unwrap_err();
        assert!(err.to_string().contains("incompleta"), "{err}");
    }
}
