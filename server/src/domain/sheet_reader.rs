//! Reading the spreadsheets users send (xlsx and CSV) without trusting their shape
//! (docs/decisions.md 142): every import path — campaign recipients, `users import`, any later one —
//! reads through [`read`], which hands the rows one at a time to a [`Sink`] under [`Limits`].
//!
//! A ~1 KB xlsx can declare cells `A1` and `XFD1048576`: calamine's `worksheet_range` then
//! allocates the whole bounding box (17 billion cells, 16 GB and more). Here the worksheet is read
//! cell by cell with `Xlsx::worksheet_cells_reader`, gaps cost nothing, and a cell past the row or
//! column limit refuses the file before anything is allocated for it. A zip is also checked before
//! it is opened: the central directory's uncompressed sizes are summed against the limit, and the
//! zip reader itself refuses an entry that inflates past its declared size, so a zip bomb inflates
//! no further than the limit. Every cell's text is bounded, and so is the text kept in all.
//!
//! The reading is CPU work on a blocking thread (`spawn_blocking`), a few at a time in the whole
//! process ([`CONCURRENT`]): a burst of imports queues instead of taking the runtime's workers or
//! every core, and one that waits too long is answered 429.

use std::{io::Cursor, time::Duration};

use calamine::{Data, DataRef, Reader, Xlsx};
use tokio::sync::Semaphore;

use crate::domain::error::{Error, Result};

/// What a sheet may hold. A file over any of them is refused whole (422), with a message naming the
/// limit: a half-read file would be worse than none for an import.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Data rows below the header, counted by the row numbers the spreadsheet shows (a lone cell on
    /// row 1 048 576 is past them even if every row between is empty).
    pub rows: usize,
    /// Columns, from `A`: a non-empty cell to the right of them refuses the file.
    pub columns: usize,
    /// Bytes of one cell's text (UTF-8).
    pub cell_bytes: usize,
    /// Bytes the file may inflate to: an xlsx's zip entries together (CSV: the file itself).
    pub unpacked_bytes: u64,
    /// Bytes of an xlsx's shared strings table, which calamine loads whole before the first cell
    /// (a table of millions of empty strings costs ~24 bytes each in memory).
    pub shared_strings_bytes: u64,
    /// Bytes of text kept from all cells together: a short shared string can be referenced by
    /// millions of cells, so the text handed on is bounded as well as the file.
    pub text_bytes: usize,
}

/// The limits of every import (contacts, users). 200 000 rows is the import limit campaigns
/// always had; 50 columns (`A` to `AX`) is far more than a contacts or users sheet has; a cell of
/// 4 KB holds any name, phone or custom field a message would print; 64 MB of sheet XML is a
/// 200 000-row sheet of a dozen columns, and the upload itself is at most 16 MB.
pub const IMPORTS: Limits = Limits {
    rows: 200_000,
    columns: 50,
    cell_bytes: 4 * 1024,
    unpacked_bytes: 64 * 1024 * 1024,
    shared_strings_bytes: 16 * 1024 * 1024,
    text_bytes: 64 * 1024 * 1024,
};

/// The largest file an import reads (the HTTP body limit of the import routes, and the CLI's).
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// Imports read at the same time in the whole process; the others wait their turn.
pub const CONCURRENT: usize = 2;

/// How long an import waits for its turn before it is answered 429.
const QUEUE_WAIT: Duration = Duration::from_secs(20);

static READERS: Semaphore = Semaphore::const_new(CONCURRENT);

/// How a file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Xlsx,
    Csv,
}

impl Format {
    /// An xlsx is a zip: its first bytes say so whatever the sender called it; the content type
    /// counts too (a broken xlsx is then reported as one, not read as text).
    pub fn sniff(bytes: &[u8], content_type: &str) -> Self {
        if bytes.starts_with(b"PK\x03\x04") || content_type.contains("spreadsheetml") { Self::Xlsx } else { Self::Csv }
    }
}

/// One row with something in it: its number as the spreadsheet shows it (the header is row 1 when
/// the sheet starts at the top) and its cells by column from `A` (a missing cell is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub number: usize,
    pub cells: Vec<String>,
}

impl Row {
    /// The cell at `column`, trimmed (empty when absent).
    pub fn cell(&self, column: usize) -> &str {
        self.cells.get(column).map(|c| c.trim()).unwrap_or_default()
    }
}

/// What consumes the rows of a sheet, in order. Rows with no text in them are not handed on.
pub trait Sink: Send + 'static {
    fn row(&mut self, row: Row) -> Result<()>;
}

/// Reads `bytes` into `sink` on a blocking thread, a few imports at a time, and gives the sink back.
pub async fn read<S: Sink>(bytes: bytes::Bytes, format: Format, limits: Limits, mut sink: S) -> Result<S> {
    let permit = tokio::time::timeout(QUEUE_WAIT, READERS.acquire())
        .await
        .map_err(|_| Error::throttled(Duration::from_secs(10)))?
        .map_err(|_| Error::Unavailable("the import readers are closed".into()))?;
    tokio::task::spawn_blocking(move || {
        // Held until the reading ends, even if the request that asked for it has gone.
        let _permit = permit;
        read_blocking(&bytes, format, &limits, &mut sink).map(|()| sink)
    })
    .await
    .map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("sheet reader stopped: {err}"))))?
}

/// The same, on the calling thread (tests, and callers already on a blocking thread).
pub fn read_blocking(bytes: &[u8], format: Format, limits: &Limits, sink: &mut dyn Sink) -> Result<()> {
    if bytes.is_empty() {
        return Err(empty());
    }
    let mut rows = Assembler { limits, row: None, text: 0, sink, any: false };
    match format {
        Format::Xlsx => read_xlsx(bytes, &mut rows)?,
        Format::Csv => read_csv(bytes, &mut rows)?,
    }
    rows.finish()
}

/// The error of a sheet whose text passes [`Limits::text_bytes`] (sinks that copy text, such as
/// one that repeats the header's names on every row, count against the same limit).
pub fn text_limit(limits: &Limits) -> Error {
    Error::invalid(
        "sheet_text_limit",
        format!("O texto do arquivo passa do limite de {} MB.", limits.text_bytes / (1024 * 1024)),
    )
}

fn empty() -> Error {
    Error::invalid("empty_file", "O arquivo está vazio.")
}

fn unreadable() -> Error {
    Error::invalid("unreadable_file", "Não foi possível ler a planilha (.xlsx).")
}

/// `A` for 0, `AX` for 49.
fn column_name(mut index: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// Collects cells into rows under the limits and hands each finished row to the sink.
struct Assembler<'a> {
    limits: &'a Limits,
    row: Option<Row>,
    text: usize,
    sink: &'a mut dyn Sink,
    any: bool,
}

impl Assembler<'_> {
    /// A cell at (`row`, `column`), both from 0. Empty cells are skipped wherever they are (a
    /// formatted empty cell far away is common and harmless).
    fn cell(&mut self, row: usize, column: usize, text: &str) -> Result<()> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let number = row + 1;
        if number > self.limits.rows + 1 {
            return Err(Error::invalid(
                "sheet_rows_limit",
                format!(
                    "O arquivo passa do limite de {} linhas além do cabeçalho (há dados na linha {number}).",
                    self.limits.rows
                ),
            ));
        }
        if column >= self.limits.columns {
            return Err(Error::invalid(
                "sheet_columns_limit",
                format!(
                    "O arquivo passa do limite de {} colunas, de A a {} (há dados na coluna {}, linha {number}).",
                    self.limits.columns,
                    column_name(self.limits.columns - 1),
                    column_name(column)
                ),
            ));
        }
        if text.len() > self.limits.cell_bytes {
            return Err(cell_limit(self.limits, number, column));
        }
        self.text += text.len();
        if self.text > self.limits.text_bytes {
            return Err(text_limit(self.limits));
        }
        match &mut self.row {
            Some(current) if current.number == number => {}
            Some(current) if current.number > number => {
                // Every spreadsheet program writes rows in order; a file that does not was made by
                // hand, and reading it in order would need the whole sheet in memory.
                return Err(Error::invalid(
                    "unreadable_file",
                    "Não foi possível ler a planilha (.xlsx): as linhas estão fora de ordem.",
                ));
            }
            _ => {
                self.flush()?;
                self.row = Some(Row { number, cells: Vec::new() });
            }
        }
        let Some(current) = self.row.as_mut() else { return Ok(()) };
        if current.cells.len() <= column {
            current.cells.resize(column + 1, String::new());
        }
        current.cells[column] = text.to_owned();
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        if let Some(row) = self.row.take() {
            self.any = true;
            self.sink.row(row)?;
        }
        Ok(())
    }

    fn finish(mut self) -> Result<()> {
        self.flush()?;
        if self.any { Ok(()) } else { Err(empty()) }
    }
}

fn cell_limit(limits: &Limits, number: usize, column: usize) -> Error {
    Error::invalid(
        "sheet_cell_limit",
        format!(
            "A célula {}{number} passa do limite de {} KB por célula.",
            column_name(column),
            limits.cell_bytes / 1024
        ),
    )
}

fn unpacked_limit(limits: &Limits) -> Error {
    Error::invalid(
        "sheet_size_limit",
        format!("A planilha descompactada passa do limite de {} MB.", limits.unpacked_bytes / (1024 * 1024)),
    )
}

/// Refuses a zip whose entries would inflate past the limits, from its central directory alone.
/// The zip reader stops any entry at the size declared there ("larger than its declared
/// uncompressed size"), so the sum is what reading can cost at most.
fn check_zip(bytes: &[u8], limits: &Limits) -> Result<()> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| unreadable())?;
    let mut total: u64 = 0;
    for index in 0..zip.len() {
        let entry = zip.by_index_raw(index).map_err(|_| unreadable())?;
        let size = entry.size();
        let strings = entry.name().is_ok_and(|name| name.eq_ignore_ascii_case("xl/sharedStrings.xml"));
        if strings && size > limits.shared_strings_bytes {
            return Err(Error::invalid(
                "sheet_size_limit",
                format!(
                    "Os textos da planilha passam do limite de {} MB descompactados.",
                    limits.shared_strings_bytes / (1024 * 1024)
                ),
            ));
        }
        total = total.saturating_add(size);
        if total > limits.unpacked_bytes {
            return Err(unpacked_limit(limits));
        }
    }
    Ok(())
}

fn read_xlsx(bytes: &[u8], rows: &mut Assembler<'_>) -> Result<()> {
    check_zip(bytes, rows.limits)?;
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|err| xlsx_error(&err, rows.limits))?;
    let Some(sheet) = book.sheet_names().first().cloned() else {
        return Err(Error::invalid("empty_file", "A planilha não tem abas."));
    };
    let mut cells = book.worksheet_cells_reader(&sheet).map_err(|err| xlsx_error(&err, rows.limits))?;
    while let Some(cell) = cells.next_cell().map_err(|err| xlsx_error(&err, rows.limits))? {
        let (row, column) = cell.get_position();
        let text = match cell.get_value() {
            DataRef::Empty => continue,
            DataRef::SharedString(text) => std::borrow::Cow::Borrowed(*text),
            DataRef::String(text) => std::borrow::Cow::Borrowed(text.as_str()),
            // Phones typed as numbers come as floats: 5511999990000.0.
            DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e17 => format!("{f:.0}").into(),
            other => Data::from(other.clone()).to_string().into(),
        };
        rows.cell(row as usize, column as usize, &text)?;
    }
    Ok(())
}

/// A calamine error as the sender should read it: an entry stopped at its declared size is the
/// size limit; anything else is a file that is not a readable xlsx.
fn xlsx_error(err: &calamine::XlsxError, limits: &Limits) -> Error {
    if err.to_string().contains("declared uncompressed size") { unpacked_limit(limits) } else { unreadable() }
}

/// CSV as Excel in pt_BR writes it (`;`, Windows-1252) or as everyone else does (`,`, UTF-8),
/// quotes doubled inside quoted cells. Each cell is checked as it grows, so one endless cell or
/// row is refused at the limit, not after it was read.
fn read_csv(bytes: &[u8], rows: &mut Assembler<'_>) -> Result<()> {
    if bytes.len() as u64 > rows.limits.unpacked_bytes {
        return Err(unpacked_limit(rows.limits));
    }
    let text: std::borrow::Cow<'_, str> = match std::str::from_utf8(bytes) {
        Ok(text) => text.trim_start_matches('\u{feff}').into(),
        // Excel in pt_BR saves CSV as Windows-1252: read it as Latin-1, which covers the letters.
        Err(_) => bytes.iter().map(|b| char::from(*b)).collect::<String>().into(),
    };
    let first = text.lines().next().unwrap_or_default();
    // Excel in pt_BR separates with `;` (the comma is the decimal mark).
    let separator = if first.matches(';').count() > first.matches(',').count() { ';' } else { ',' };
    let (mut row, mut column) = (0usize, 0usize);
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            c if c == separator && !quoted => {
                rows.cell(row, column, &cell)?;
                cell.clear();
                column += 1;
            }
            '\r' if !quoted => {}
            '\n' if !quoted => {
                rows.cell(row, column, &cell)?;
                cell.clear();
                (row, column) = (row + 1, 0);
            }
            c => {
                cell.push(c);
                if cell.len() > rows.limits.cell_bytes {
                    return Err(cell_limit(rows.limits, row + 1, column));
                }
            }
        }
    }
    rows.cell(row, column, &cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Collect(Vec<Row>);

    impl Sink for Collect {
        fn row(&mut self, row: Row) -> Result<()> {
            self.0.push(row);
            Ok(())
        }
    }

    fn csv(text: &str, limits: &Limits) -> Result<Vec<Row>> {
        let mut rows = Collect::default();
        read_blocking(text.as_bytes(), Format::Csv, limits, &mut rows).map(|()| rows.0)
    }

    fn code(err: Error) -> &'static str {
        match err {
            Error::Invalid { code, .. } => code,
            other => panic!("not a 422: {other}"),
        }
    }

    #[test]
    fn columns_are_named_as_a_spreadsheet_names_them() {
        assert_eq!([0, 25, 26, 49, 16_383].map(column_name), ["A", "Z", "AA", "AX", "XFD"].map(str::to_owned));
    }

    #[test]
    fn a_csv_reads_row_by_row_skipping_empty_rows() {
        let rows = csv("nome;telefone\r\n\"Souza; Bia\";11\r\n;;\r\nAna;12", &IMPORTS).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!((rows[1].number, rows[1].cell(0)), (2, "Souza; Bia"));
        assert_eq!((rows[2].number, rows[2].cell(1)), (4, "12"));
    }

    #[test]
    fn each_limit_refuses_the_file_with_its_own_code() {
        let small = Limits { rows: 2, columns: 3, cell_bytes: 8, text_bytes: 20, ..IMPORTS };
        assert_eq!(code(csv("a\nb\nc\nd\n", &small).unwrap_err()), "sheet_rows_limit");
        assert_eq!(code(csv("a,b,c,d\n", &small).unwrap_err()), "sheet_columns_limit");
        assert_eq!(code(csv("123456789\n", &small).unwrap_err()), "sheet_cell_limit");
        assert_eq!(code(csv("12345678,12345678\n1234567\n", &small).unwrap_err()), "sheet_text_limit");
        // Empty cells past the last column are what spreadsheets export: harmless.
        assert_eq!(csv("a,b,c,,,,,,\n", &small).unwrap().len(), 1);
        assert_eq!(code(csv("", &small).unwrap_err()), "empty_file");
    }
}
