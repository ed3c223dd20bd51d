//! Voice notes recorded in a browser arrive as WebM/Opus (Chromium's and Firefox's MediaRecorder);
//! WhatsApp plays a voice note only as Ogg/Opus (`audio/ogg; codecs=opus`). The Opus packets are
//! the same in both containers, so the recording is remuxed — its packets moved from WebM blocks
//! to Ogg pages — not transcoded: no quality lost, no codec library, microseconds of work.
//!
//! The WebM side is read with a flat EBML walk that descends into the elements that hold the
//! track and its blocks and skips everything else; it takes the "live" WebM a MediaRecorder
//! writes (Segment and Clusters of unknown size). Matroska's Opus `CodecPrivate` is the OpusHead
//! itself (RFC 7845 §5.1); each Ogg page's granule position counts the 48 kHz samples decoded by
//! its end, read from each packet's TOC byte (RFC 6716 §3.1).

use std::io::Write;

/// Why a recording could not be remuxed, in pt_BR.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("A gravação de voz não pôde ser lida ({0}).")]
pub struct BadRecording(pub &'static str);

const EBML: u32 = 0x1A45_DFA3;
const SEGMENT: u32 = 0x1853_8067;
const TRACKS: u32 = 0x1654_AE6B;
const TRACK_ENTRY: u32 = 0xAE;
const TRACK_NUMBER: u32 = 0xD7;
const CODEC_ID: u32 = 0x86;
const CODEC_PRIVATE: u32 = 0x63A2;
const CLUSTER: u32 = 0x1F43_B675;
const BLOCK_GROUP: u32 = 0xA0;
const BLOCK: u32 = 0xA1;
const SIMPLE_BLOCK: u32 = 0xA3;

/// The Ogg stream's serial number (one stream per file: any number will do).
const SERIAL: u32 = 0x564F_4943;

/// What a WebM recording holds: its OpusHead and its packets, in order.
#[derive(Debug, Default)]
struct Recording {
    head: Option<Vec<u8>>,
    opus_track: Option<u64>,
    packets: Vec<Vec<u8>>,
}

/// Reads an EBML variable-size integer at `at`: (value, length). `marker` keeps the length marker
/// bit (element ids keep it, sizes do not).
fn vint(bytes: &[u8], at: usize, marker: bool) -> Option<(u64, usize)> {
    let first = *bytes.get(at)?;
    let length = first.leading_zeros() as usize + 1;
    if length > 8 || at + length > bytes.len() {
        return None;
    }
    let mut value = if marker { u64::from(first) } else { u64::from(first) & ((1u64 << (8 - length)) - 1) };
    for byte in &bytes[at + 1..at + length] {
        value = (value << 8) | u64::from(*byte);
    }
    Some((value, length))
}

/// Whether a size is "unknown" (all value bits set), as a live recording writes for its Segment
/// and Clusters.
fn unknown_size(bytes: &[u8], at: usize, length: usize) -> bool {
    let first = bytes[at] & ((1u16 << (8 - length)) - 1) as u8;
    first == ((1u16 << (8 - length)) - 1) as u8 && bytes[at + 1..at + length].iter().all(|b| *b == 0xFF)
}

fn read_webm(bytes: &[u8]) -> Result<Recording, BadRecording> {
    let mut recording = Recording::default();
    // Track entries' fields arrive before we know whether the entry is the Opus one.
    let (mut number, mut codec, mut private) = (None, None::<Vec<u8>>, None::<Vec<u8>>);
    let mut at = 0;
    if vint(bytes, 0, true).map(|(id, _)| id as u32) != Some(EBML) {
        return Err(BadRecording("não é WebM"));
    }
    while at < bytes.len() {
        let Some((id, id_len)) = vint(bytes, at, true) else { break };
        let Some((size, size_len)) = vint(bytes, at + id_len, false) else { break };
        let unknown = unknown_size(bytes, at + id_len, size_len);
        let body = at + id_len + size_len;
        let id = id as u32;
        match id {
            // Masters: their children follow; walk into them.
            SEGMENT | TRACKS | CLUSTER | BLOCK_GROUP => {
                at = body;
                continue;
            }
            TRACK_ENTRY => {
                (number, codec, private) = (None, None, None);
                at = body;
                continue;
            }
            _ => {}
        }
        if unknown {
            return Err(BadRecording("elemento de tamanho desconhecido"));
        }
        let end = body.checked_add(size as usize).filter(|end| *end <= bytes.len());
        // A recording cut short (the last block partly written) keeps what came before.
        let Some(end) = end else { break };
        let data = &bytes[body..end];
        match id {
            TRACK_NUMBER => number = Some(data.iter().fold(0u64, |n, b| (n << 8) | u64::from(*b))),
            CODEC_ID => codec = Some(data.to_vec()),
            CODEC_PRIVATE => private = Some(data.to_vec()),
            SIMPLE_BLOCK | BLOCK => {
                let (track, track_len) = vint(data, 0, false).ok_or(BadRecording("bloco ilegível"))?;
                if recording.opus_track == Some(track) {
                    let flags = *data.get(track_len + 2).ok_or(BadRecording("bloco ilegível"))?;
                    if flags & 0x06 != 0 {
                        return Err(BadRecording("blocos com lacing"));
                    }
                    let packet = &data[track_len + 3..];
                    if !packet.is_empty() {
                        recording.packets.push(packet.to_vec());
                    }
                }
            }
            _ => {}
        }
        if codec.as_deref() == Some(b"A_OPUS") && recording.opus_track.is_none() && number.is_some() {
            recording.opus_track = number;
        }
        if recording.opus_track.is_some()
            && recording.opus_track == number
            && recording.head.is_none()
            && let Some(head) = private.take()
        {
            recording.head = Some(head);
        }
        at = end;
    }
    if recording.opus_track.is_none() {
        return Err(BadRecording("sem faixa Opus"));
    }
    if recording.packets.is_empty() {
        return Err(BadRecording("gravação vazia"));
    }
    Ok(recording)
}

/// Samples (48 kHz) one Opus packet decodes to, from its TOC byte (RFC 6716 §3.1).
pub fn packet_samples(packet: &[u8]) -> u64 {
    let Some(toc) = packet.first() else { return 0 };
    let config = toc >> 3;
    let frame: u64 = match config {
        0..=11 => [480, 960, 1920, 2880][(config % 4) as usize],
        12..=15 => [480, 960][(config % 2) as usize],
        _ => [120, 240, 480, 960][(config % 4) as usize],
    };
    let frames: u64 = match toc & 0x03 {
        0 => 1,
        1 | 2 => 2,
        _ => packet.get(1).map_or(0, |count| u64::from(count & 0x3F)),
    };
    frame * frames
}

/// An OpusHead for a recording that carried none: mono, 48 kHz, the usual 3.75 ms pre-skip.
fn default_head() -> Vec<u8> {
    let mut head = b"OpusHead".to_vec();
    head.push(1); // version
    head.push(1); // channels
    head.extend_from_slice(&312u16.to_le_bytes()); // pre-skip
    head.extend_from_slice(&48_000u32.to_le_bytes()); // input sample rate
    head.extend_from_slice(&0i16.to_le_bytes()); // output gain
    head.push(0); // channel mapping family
    head
}

fn tags() -> Vec<u8> {
    let vendor = b"backoffice";
    let mut tags = b"OpusTags".to_vec();
    tags.extend_from_slice(&(vendor.len() as u32).to_le_bytes());
    tags.extend_from_slice(vendor);
    tags.extend_from_slice(&0u32.to_le_bytes());
    tags
}

/// Remuxes a WebM/Opus recording into Ogg/Opus, written to `out`; answers its duration in ms.
pub fn webm_to_ogg(webm: &[u8], out: impl Write) -> Result<u64, BadRecording> {
    use ogg::writing::{PacketWriteEndInfo, PacketWriter};
    let recording = read_webm(webm)?;
    let head = recording.head.filter(|h| h.starts_with(b"OpusHead") && h.len() >= 19).unwrap_or_else(default_head);
    let pre_skip = u64::from(u16::from_le_bytes([head[10], head[11]]));
    let mut writer = PacketWriter::new(out);
    let failed = |_| BadRecording("falha ao escrever");
    // RFC 7845 §3: each header packet alone on its page, granule 0.
    writer.write_packet(head, SERIAL, PacketWriteEndInfo::EndPage, 0).map_err(failed)?;
    writer.write_packet(tags(), SERIAL, PacketWriteEndInfo::EndPage, 0).map_err(failed)?;
    let mut granule = 0u64;
    let last = recording.packets.len() - 1;
    for (index, packet) in recording.packets.into_iter().enumerate() {
        granule += packet_samples(&packet);
        // About a second of audio per page.
        let end = if index == last {
            PacketWriteEndInfo::EndStream
        } else if index % 50 == 49 {
            PacketWriteEndInfo::EndPage
        } else {
            PacketWriteEndInfo::NormalPacket
        };
        writer.write_packet(packet, SERIAL, end, granule).map_err(failed)?;
    }
    Ok(granule.saturating_sub(pre_skip) * 1000 / 48_000)
}

/// A recording as a browser makes one, for tests and benchmarks (there is no microphone there).
pub mod fixture {
    use super::default_head;

    /// An EBML element with an 8-byte size.
    pub fn element(id: &[u8], body: &[u8]) -> Vec<u8> {
        let mut out = id.to_vec();
        // An 8-byte size, as muxers often write.
        out.push(0x01);
        out.extend_from_slice(&(body.len() as u64).to_be_bytes()[1..]);
        out.extend_from_slice(body);
        out
    }

    /// A live WebM as Chromium's MediaRecorder writes it: unknown-size Segment and Cluster, an
    /// Opus track with its OpusHead, `seconds` of 20 ms packets (TOC config 31: CELT fullband,
    /// 20 ms, one frame).
    pub fn recorded_webm(seconds: usize) -> Vec<u8> {
        let mut head = default_head();
        head[10..12].copy_from_slice(&312u16.to_le_bytes());
        let entry = [element(&[0xD7], &[1]), element(&[0x86], b"A_OPUS"), element(&[0x63, 0xA2], &head)].concat();
        let tracks = element(&[0x16, 0x54, 0xAE, 0x6B], &element(&[0xAE], &entry));
        let mut cluster = vec![0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
        cluster.extend(element(&[0xE7], &[0]));
        for i in 0..seconds * 50 {
            let mut block = vec![0x81, 0x00, 0x00, 0x80, 0xF8];
            block.extend(std::iter::repeat_n((i % 200) as u8, 20 + i % 60));
            cluster.extend(element(&[0xA3], &block));
        }
        let mut webm = element(&[0x1A, 0x45, 0xDF, 0xA3], &element(&[0x42, 0x82], b"webm"));
        webm.extend_from_slice(&[0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
        webm.extend(tracks);
        webm.extend(cluster);
        webm
    }
}

#[cfg(test)]
mod tests {
    use super::{
        fixture::{element, recorded_webm},
        *,
    };

    #[test]
    fn a_browser_recording_becomes_ogg_opus_with_its_head_and_duration() {
        let mut ogg = Vec::new();
        let duration = webm_to_ogg(&recorded_webm(3), &mut ogg).unwrap();
        assert_eq!(duration, (3 * 50 * 960 - 312) * 1000 / 48_000);
        // Read back as any player would: OpusHead, OpusTags, then the audio packets.
        let mut reader = ogg::PacketReader::new(std::io::Cursor::new(&ogg));
        let head = reader.read_packet().unwrap().unwrap();
        assert!(head.data.starts_with(b"OpusHead"));
        assert_eq!(head.data[9], 1, "mono");
        assert_eq!(u32::from_le_bytes(head.data[12..16].try_into().unwrap()), 48_000);
        let tags = reader.read_packet().unwrap().unwrap();
        assert!(tags.data.starts_with(b"OpusTags"));
        let mut audio = 0;
        let mut last_granule = 0;
        while let Some(packet) = reader.read_packet().unwrap() {
            audio += 1;
            last_granule = packet.absgp_page();
        }
        assert_eq!(audio, 150);
        assert_eq!(last_granule, 150 * 960);
        assert!(ogg.starts_with(b"OggS"));
    }

    #[test]
    fn what_is_not_an_opus_recording_is_refused_in_words() {
        assert_eq!(webm_to_ogg(b"RIFF....WAVEfmt ", Vec::new()), Err(BadRecording("não é WebM")));
        let header_only = element(&[0x1A, 0x45, 0xDF, 0xA3], &[]);
        assert_eq!(webm_to_ogg(&header_only, Vec::new()), Err(BadRecording("sem faixa Opus")));
        assert_eq!(BadRecording("gravação vazia").to_string(), "A gravação de voz não pôde ser lida (gravação vazia).");
    }

    #[test]
    fn packet_durations_follow_the_toc() {
        assert_eq!(packet_samples(&[0xF8]), 960); // CELT 20 ms, one frame
        assert_eq!(packet_samples(&[0xF9]), 1920); // two frames
        assert_eq!(packet_samples(&[0x1B, 0x03]), 2880 * 3); // SILK 60 ms, code 3, three frames
        assert_eq!(packet_samples(&[]), 0);
    }
}
