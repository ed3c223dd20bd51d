//! What is learned from a file's bytes, on a blocking thread (decoding is CPU work): an image's
//! dimensions — checked against caps before anything is decoded, so a small file that unpacks to
//! gigapixels (a decompression bomb) is refused — and its thumbnail; an Ogg/Opus file's duration
//! and a waveform drawn from its packets' sizes (an Opus packet grows with what it carries: no
//! decoding needed). Video gets no poster frame (that needs a decoder); the web app shows a
//! placeholder with the player.

use std::{io::BufReader, path::Path};

use image::{ImageFormat, ImageReader, Limits};

/// The widest or tallest image accepted.
pub const MAX_DIMENSION: u32 = 16_384;
/// The most pixels an image may have (50 megapixels: a phone's photo is 12 to 48).
pub const MAX_PIXELS: u64 = 50_000_000;
/// A thumbnail's longer side.
pub const THUMBNAIL_SIDE: u32 = 320;
/// Bars of a waveform.
pub const WAVEFORM_BARS: usize = 64;

/// What the bytes told.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Probed {
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub duration_ms: Option<i32>,
    pub waveform: Option<Vec<u8>>,
    /// A JPEG.
    pub thumbnail: Option<Vec<u8>>,
}

/// Why a file was refused, in pt_BR.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

/// Probes `path`, whose bytes are `mime`.
pub fn probe(path: &Path, mime: &str) -> Result<Probed, Unreadable> {
    match mime {
        "image/jpeg" | "image/png" | "image/webp" | "image/gif" => image(path, mime),
        "audio/ogg" => Ok(ogg_opus(path).unwrap_or_default()),
        _ => Ok(Probed::default()),
    }
}

fn image(path: &Path, mime: &str) -> Result<Probed, Unreadable> {
    let format = ImageFormat::from_mime_type(mime);
    let open = || -> Result<ImageReader<BufReader<std::fs::File>>, Unreadable> {
        let mut reader = ImageReader::open(path).map_err(|_| Unreadable("A imagem não pôde ser aberta.".into()))?;
        if let Some(format) = format {
            reader.set_format(format);
        }
        Ok(reader)
    };
    // The header first: nothing is allocated for pixels a cap refuses.
    let (width, height) =
        open()?.into_dimensions().map_err(|_| Unreadable("A imagem está corrompida ou não é uma imagem.".into()))?;
    if width > MAX_DIMENSION || height > MAX_DIMENSION || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Unreadable(format!(
            "A imagem é grande demais para abrir ({width} × {height} pixels; o máximo é {MAX_DIMENSION} de lado e 50 \
             megapixels)."
        )));
    }
    let mut probed = Probed { width: Some(width as i32), height: Some(height as i32), ..Default::default() };
    let mut reader = open()?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    // RGBA at the pixel cap, with room for the decoder's own buffers.
    limits.max_alloc = Some(MAX_PIXELS * 4 + (64 << 20));
    reader.limits(limits);
    // An image whose header reads but whose pixels do not (truncated, an animated sticker the
    // decoder does not take) is kept without a thumbnail: the original still downloads.
    if let Ok(decoded) = reader.decode() {
        let thumb = decoded.thumbnail(THUMBNAIL_SIDE, THUMBNAIL_SIDE).into_rgb8();
        let mut jpeg = Vec::new();
        let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 80);
        if thumb.write_with_encoder(encoder).is_ok() {
            probed.thumbnail = Some(jpeg);
        }
    }
    Ok(probed)
}

/// An Ogg/Opus file's duration and waveform; `None` when it is not Ogg/Opus.
pub fn ogg_opus(path: &Path) -> Option<Probed> {
    let file = std::fs::File::open(path).ok()?;
    let mut reader = ogg::PacketReader::new(BufReader::new(file));
    let head = reader.read_packet().ok()??;
    if !head.data.starts_with(b"OpusHead") || head.data.len() < 19 {
        return None;
    }
    let pre_skip = u16::from_le_bytes([head.data[10], head.data[11]]) as i64;
    let mut sizes = Vec::new();
    let mut last_granule = 0i64;
    let mut index = 0;
    while let Ok(Some(packet)) = reader.read_packet() {
        index += 1;
        if index == 1 {
            continue; // OpusTags
        }
        sizes.push(packet.data.len());
        last_granule = packet.absgp_page() as i64;
        // A hostile file with millions of packets: the waveform needs far fewer.
        if sizes.len() > 200_000 {
            break;
        }
    }
    let duration_ms = ((last_granule - pre_skip).max(0) * 1000 / 48_000) as i32;
    Some(Probed { duration_ms: Some(duration_ms), waveform: waveform(&sizes), ..Default::default() })
}

/// [`WAVEFORM_BARS`] bars 0–100: the mean packet size of each slice of the recording, scaled to
/// the largest.
pub fn waveform(sizes: &[usize]) -> Option<Vec<u8>> {
    if sizes.is_empty() {
        return None;
    }
    let bars: Vec<f64> = (0..WAVEFORM_BARS)
        .map(|bar| {
            let start = bar * sizes.len() / WAVEFORM_BARS;
            let end = ((bar + 1) * sizes.len() / WAVEFORM_BARS).max(start + 1).min(sizes.len());
            let slice = &sizes[start.min(sizes.len() - 1)..end];
            slice.iter().sum::<usize>() as f64 / slice.len() as f64
        })
        .collect();
    let (low, high) = bars.iter().fold((f64::MAX, 0f64), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    let span = (high - low).max(1.0);
    Some(bars.iter().map(|v| (8.0 + 92.0 * (v - low) / span).round() as u8).collect())
}

/// Hostile pictures for tests (there is no attacker there).
pub mod fixture {
    /// `png` (a real PNG) with its header claiming `width` × `height`, its CRC made right again:
    /// only the size lies, as in a decompression bomb.
    pub fn png_claiming(mut png: Vec<u8>, width: u32, height: u32) -> Vec<u8> {
        png[16..20].copy_from_slice(&width.to_be_bytes());
        png[20..24].copy_from_slice(&height.to_be_bytes());
        // The header chunk's CRC-32 covers its type and data, bytes 12..29.
        let mut crc = 0xFFFF_FFFFu32;
        for byte in &png[12..29] {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        png[29..33].copy_from_slice(&(!crc).to_be_bytes());
        png
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_photo_gets_its_size_and_a_small_jpeg_thumbnail() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("photo");
        std::fs::write(&path, png(1200, 800)).unwrap();
        let probed = probe(&path, "image/png").unwrap();
        assert_eq!((probed.width, probed.height), (Some(1200), Some(800)));
        let thumb = image::load_from_memory(&probed.thumbnail.unwrap()).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (320, 213));
    }

    #[test]
    fn a_decompression_bomb_is_refused_before_it_is_decoded() {
        // A PNG header claiming 60 000 × 60 000 pixels: a few bytes that would unpack to 10 GiB.
        let bomb = fixture::png_claiming(png(1, 1), 60_000, 60_000);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bomb");
        std::fs::write(&path, bomb).unwrap();
        let err = probe(&path, "image/png").unwrap_err();
        assert!(err.0.starts_with("A imagem é grande demais para abrir (60000 × 60000"), "{err}");
    }

    #[test]
    fn a_waveform_has_its_bars_between_the_quietest_and_the_loudest() {
        let sizes: Vec<usize> = (0..500).map(|i| if i < 250 { 20 } else { 120 }).collect();
        let bars = waveform(&sizes).unwrap();
        assert_eq!(bars.len(), WAVEFORM_BARS);
        assert_eq!(bars[0], 8);
        assert_eq!(bars[WAVEFORM_BARS - 1], 100);
        assert_eq!(waveform(&[]), None);
        assert_eq!(waveform(&[5]).unwrap().len(), WAVEFORM_BARS);
    }
}
