//! Streaming `.xlsx` workbooks (docs/contracts.md#api-conventions, docs/analytics.md#sheets): rows arrive in batches from
//! an async reader and are written by a blocking thread into a rust_xlsxwriter worksheet in
//! constant-memory mode (each row goes to a temporary file as soon as it is written), then the
//! workbook is zipped straight into the output — memory stays flat whatever the row count.
//!
//! Every text is written as a string cell, never a formula; a text that a spreadsheet would take
//! for one when retyped (`=`, `+`, `-`, `@`, tab, carriage return) also gets Excel's quote prefix.

use std::io::Write;

use chrono::{DateTime, Duration, Utc};
use rust_xlsxwriter::{Format, FormatAlign, Workbook, XlsxError};
use tokio::sync::mpsc;

use crate::domain::local_time::SAO_PAULO_OFFSET_HOURS;

/// What a column holds and how it is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Int,
    /// Centavos, shown as reais with `"R$ "#,##0.00`.
    Money,
    /// A UTC instant, shown as São Paulo date and time.
    DateTime,
    /// Seconds, shown as minutes (a number, one decimal).
    Minutes,
    /// Hundredths, shown as a number with two decimals (an average rating of 4.33 is 433).
    Hundredths,
}

/// One column: its pt_BR header, kind and width (characters).
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub header: &'static str,
    pub kind: Kind,
    pub width: f64,
}

pub const fn col(header: &'static str, kind: Kind, width: f64) -> Column {
    Column { header, kind, width }
}

/// One cell's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Int(i64),
    DateTime(DateTime<Utc>),
}

impl From<Option<String>> for Cell {
    fn from(v: Option<String>) -> Self {
        v.map_or(Cell::Empty, Cell::Text)
    }
}

impl From<Option<i64>> for Cell {
    fn from(v: Option<i64>) -> Self {
        v.map_or(Cell::Empty, Cell::Int)
    }
}

impl From<Option<DateTime<Utc>>> for Cell {
    fn from(v: Option<DateTime<Utc>>) -> Self {
        v.map_or(Cell::Empty, Cell::DateTime)
    }
}

/// The metadata sheet ("Sobre"): what the workbook is, for whom and how it was made.
#[derive(Debug, Clone, Default)]
pub struct About {
    pub title: String,
    pub tenant: String,
    pub period: String,
    pub filters: Vec<(String, String)>,
    pub definitions: Vec<(String, String)>,
    pub generated_by: String,
    pub generated_at: DateTime<Utc>,
}

/// A workbook's first sheet.
#[derive(Debug, Clone)]
pub struct Layout {
    pub sheet_name: &'static str,
    pub columns: Vec<Column>,
}

/// Rows are sent in batches of this many.
pub const BATCH: usize = 1_000;

/// Writes a workbook from the batches received on `rows` into `out`; answers the rows written.
/// Runs on a blocking thread (`spawn_blocking`): rust_xlsxwriter and the output are synchronous.
pub fn write_workbook<W: Write + Send>(
    layout: &Layout,
    about: &About,
    mut rows: mpsc::Receiver<Vec<Vec<Cell>>>,
    out: W,
) -> Result<u64, XlsxError> {
    let mut workbook = Workbook::new();
    // Deflate's fastest level: the zip of a million rows then takes a second instead of three, for
    // a file ~70 % larger (docs/decisions.md 86).
    workbook.set_zip_compression_level(1);
    let header = Format::new().set_bold().set_background_color("#DDE3F0").set_align(FormatAlign::Center);
    let money = Format::new().set_num_format("\"R$ \"#,##0.00");
    let date = Format::new().set_num_format("dd/mm/yyyy hh:mm");
    let minutes = Format::new().set_num_format("0.0");
    let hundredths = Format::new().set_num_format("0.00");
    let quoted = Format::new().set_quote_prefix();
    let last_col = layout.columns.len().saturating_sub(1) as u16;
    let mut written: u64 = 0;
    {
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(layout.sheet_name)?;
        for (c, column) in layout.columns.iter().enumerate() {
            sheet.set_column_width(c as u16, column.width)?;
            sheet.write_string_with_format(0, c as u16, column.header, &header)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        while let Some(batch) = rows.blocking_recv() {
            for cells in batch {
                written += 1;
                let r = written as u32;
                for (c, (cell, column)) in cells.iter().zip(&layout.columns).enumerate() {
                    let c = c as u16;
                    match (cell, column.kind) {
                        (Cell::Empty, _) => {}
                        (Cell::Text(text), _) if looks_like_formula(text) => {
                            sheet.write_string_with_format(r, c, text, &quoted)?;
                        }
                        (Cell::Text(text), _) => {
                            sheet.write_string(r, c, text)?;
                        }
                        (Cell::Int(v), Kind::Money) => {
                            sheet.write_number_with_format(r, c, *v as f64 / 100.0, &money)?;
                        }
                        (Cell::Int(v), Kind::Hundredths) => {
                            sheet.write_number_with_format(r, c, *v as f64 / 100.0, &hundredths)?;
                        }
                        (Cell::Int(v), Kind::Minutes) => {
                            sheet.write_number_with_format(r, c, (*v as f64 / 6.0).round() / 10.0, &minutes)?;
                        }
                        (Cell::Int(v), _) => {
                            sheet.write_number(r, c, *v as f64)?;
                        }
                        (Cell::DateTime(at), _) => {
                            let local = (*at - Duration::hours(SAO_PAULO_OFFSET_HOURS)).naive_utc();
                            sheet.write_datetime_with_format(r, c, local, &date)?;
                        }
                    }
                }
            }
        }
        sheet.autofilter(0, 0, written.max(1) as u32, last_col)?;
    }
    write_about(&mut workbook, about, written)?;
    workbook.save_to_writer(out)?;
    Ok(written)
}

fn write_about(workbook: &mut Workbook, about: &About, rows: u64) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    let wrap = Format::new().set_text_wrap();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Sobre")?;
    sheet.set_column_width(0, 28)?;
    sheet.set_column_width(1, 90)?;
    let generated = (about.generated_at - Duration::hours(SAO_PAULO_OFFSET_HOURS)).format("%d/%m/%Y %H:%M").to_string();
    let mut lines: Vec<(String, String)> = vec![
        ("Relatório".into(), about.title.clone()),
        ("Empresa".into(), about.tenant.clone()),
        ("Período".into(), about.period.clone()),
        ("Fuso horário".into(), "America/Sao_Paulo (UTC−03:00)".into()),
        ("Linhas".into(), rows.to_string()),
        ("Gerado por".into(), about.generated_by.clone()),
        ("Gerado em".into(), generated),
    ];
    lines.extend(about.filters.iter().map(|(k, v)| (format!("Filtro: {k}"), v.clone())));
    let mut r = 0;
    for (label, value) in &lines {
        sheet.write_string_with_format(r, 0, label, &bold)?;
        write_text(sheet, r, 1, value)?;
        r += 1;
    }
    if !about.definitions.is_empty() {
        r += 1;
        sheet.write_string_with_format(r, 0, "Definições", &bold)?;
        r += 1;
        for (term, meaning) in &about.definitions {
            sheet.write_string_with_format(r, 0, term, &bold)?;
            sheet.write_string_with_format(r, 1, meaning, &wrap)?;
            r += 1;
        }
    }
    Ok(())
}

fn write_text(sheet: &mut rust_xlsxwriter::Worksheet, r: u32, c: u16, text: &str) -> Result<(), XlsxError> {
    if looks_like_formula(text) {
        sheet.write_string_with_format(r, c, text, &Format::new().set_quote_prefix())?;
    } else {
        sheet.write_string(r, c, text)?;
    }
    Ok(())
}

/// Whether a spreadsheet would read `text` as a formula if it were typed in.
pub fn looks_like_formula(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_like_texts_are_recognised() {
        for text in ["=HYPERLINK(\"http://x\")", "+55", "-1", "@SUM(A1)", "\tx", "\rx"] {
            assert!(looks_like_formula(text), "{text:?}");
        }
        assert!(!looks_like_formula("Maria =)"));
    }
}
