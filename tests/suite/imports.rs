//! Spreadsheets sent to the imports (docs/campaigns.md#importing-contacts, docs/decisions.md 142):
//! a file is read cell by cell under row, column, cell and unpacked-size limits, and one past any
//! of them is refused at once with a 422 naming the limit — whatever its bounding box or its
//! zip's ratio. The same reader serves `users import`.

use std::{io::Write, time::Duration};

use backoffice::{domain::tenants, tenancy::TenantName};
use reqwest::Method;
use rust_xlsxwriter::Workbook;
use serde_json::Value;

use crate::support::{TestApp, TestUser};

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

struct Importer {
    app: TestApp,
    admin: TestUser,
    token: String,
}

async fn importer() -> Importer {
    let app = TestApp::spawn().await;
    let admin = app.tenant_with_admin("acme").await;
    let record = tenants::find_by_name(app.dbs().control(), &TenantName::parse("acme").unwrap()).await.unwrap();
    tenants::set_feature(app.dbs().control(), &record, "campaigns", true, &app.state.bus).await.unwrap();
    let token = app.login(&admin).await;
    Importer { app, admin, token }
}

impl Importer {
    /// Sends a file to the contacts import; its status and body, within a few seconds or the test
    /// fails (a file that made the server build its bounding box answered after 14 s, or never).
    async fn upload(&self, content_type: &str, bytes: Vec<u8>) -> (u16, Value) {
        let request = self
            .app
            .client
            .post(self.app.url("/api/campaigns/recipients/import"))
            .header("host", self.admin.host())
            .header("authorization", format!("Bearer {}", self.token))
            .header("content-type", content_type)
            .body(bytes)
            .send();
        let response = tokio::time::timeout(Duration::from_secs(10), request)
            .await
            .expect("the import answers within a few seconds")
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// The server still answers an ordinary request afterwards.
    async fn still_answers(&self) {
        let response = self.app.call(Method::GET, &self.admin.host(), "/api/campaigns", Some(&self.token), None).await;
        assert_eq!(response.status(), 200);
    }
}

/// A workbook with a `telefone` header in A1 and `x` at (row, column), from 0: ~6 KB on disk.
fn far_cell(row: u32, column: u16) -> Vec<u8> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write(0, 0, "telefone").unwrap();
    sheet.write(row, column, "x").unwrap();
    book.save_to_buffer().unwrap()
}

fn refused(status: u16, body: &Value, code: &str, names: &str) {
    assert_eq!((status, body["code"].as_str()), (422, Some(code)), "{body}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains(names), "the message names the limit ({names}): {message}");
}

#[tokio::test]
async fn a_spreadsheet_with_one_far_away_cell_is_refused_at_once_naming_the_limit() {
    let w = importer().await;
    // A1 and XFD1048576, the last cell a sheet can have: 17 billion cells in its bounding box.
    let (status, body) = w.upload(XLSX, far_cell(1_048_575, 16_383)).await;
    refused(status, &body, "sheet_rows_limit", "200000 linhas");
    // A1 and ALL100000: a row within the limit, a column far past it.
    let (status, body) = w.upload(XLSX, far_cell(99_999, 999)).await;
    refused(status, &body, "sheet_columns_limit", "50 colunas");
    // A1 and SF20000.
    let (status, body) = w.upload(XLSX, far_cell(19_999, 499)).await;
    refused(status, &body, "sheet_columns_limit", "coluna SF");
    w.still_answers().await;
}

#[tokio::test]
async fn a_csv_with_thousands_of_header_columns_is_refused() {
    let w = importer().await;
    let mut csv = String::from("telefone");
    for i in 0..5_000 {
        csv.push_str(&format!(",campo{i}"));
    }
    csv.push('\n');
    for i in 0..10_000 {
        csv.push_str(&format!("55119{i:08}\n"));
    }
    let (status, body) = w.upload("text/csv", csv.into_bytes()).await;
    refused(status, &body, "sheet_columns_limit", "50 colunas");
    // Within the column limit, 49 empty columns on 200 000 phones (3 MB) would still be ~1 GB of
    // fields: every contact repeats every column.
    let mut csv = String::from("telefone");
    for i in 0..49 {
        csv.push_str(&format!(",c{i}"));
    }
    csv.push('\n');
    for i in 0..200_000 {
        csv.push_str(&format!("55119{i:08}\n"));
    }
    let (status, body) = w.upload("text/csv", csv.into_bytes()).await;
    refused(status, &body, "sheet_text_limit", "128 MB");
    w.still_answers().await;
}

#[tokio::test]
async fn a_cell_longer_than_the_limit_is_refused_naming_it() {
    let w = importer().await;
    let csv = format!("telefone;nome\n5511999990000;{}\n", "a".repeat(5_000));
    let (status, body) = w.upload("text/csv", csv.into_bytes()).await;
    refused(status, &body, "sheet_cell_limit", "4 KB");
}

/// An ordinary workbook whose sheet XML is padded with `padding` spaces inside `<sheetData>`:
/// deflate shrinks them a thousand times, so the file stays a few hundred KB.
fn padded_workbook(padding: usize) -> Vec<u8> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write(0, 0, "telefone").unwrap();
    sheet.write(1, 0, "5511999990000").unwrap();
    let plain = book.save_to_buffer().unwrap();
    let mut source = zip::ZipArchive::new(std::io::Cursor::new(plain)).unwrap();
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for index in 0..source.len() {
        let mut entry = source.by_index(index).unwrap();
        let name = entry.name().unwrap().into_owned();
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut content).unwrap();
        out.start_file(name.as_str(), options).unwrap();
        if name == "xl/worksheets/sheet1.xml" {
            let text = String::from_utf8(content).unwrap();
            let (head, tail) = text.split_once("<sheetData>").unwrap();
            out.write_all(head.as_bytes()).unwrap();
            out.write_all(b"<sheetData>").unwrap();
            let spaces = vec![b' '; 1024 * 1024];
            for _ in 0..padding / spaces.len() {
                out.write_all(&spaces).unwrap();
            }
            out.write_all(tail.as_bytes()).unwrap();
        } else {
            out.write_all(&content).unwrap();
        }
    }
    out.finish().unwrap().into_inner()
}

#[tokio::test]
async fn a_spreadsheet_that_inflates_past_the_limit_is_refused_before_it_is_read() {
    let w = importer().await;
    let bomb = padded_workbook(96 * 1024 * 1024);
    assert!(bomb.len() < 1024 * 1024, "a small file: {} bytes", bomb.len());
    let (status, body) = w.upload(XLSX, bomb).await;
    refused(status, &body, "sheet_size_limit", "64 MB");
    // The same padding within the limit reads as the ordinary sheet it is.
    let (status, body) = w.upload(XLSX, padded_workbook(4 * 1024 * 1024)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["contacts"][0]["phone"], "+5511999990000", "{body}");
}

#[tokio::test]
async fn an_ordinary_import_still_reads_every_row_and_its_columns() {
    let w = importer().await;
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    for (column, header) in ["Telefone", "Nome", "Cupom"].iter().enumerate() {
        sheet.write(0, column as u16, *header).unwrap();
    }
    for row in 1..=2_000u32 {
        sheet.write(row, 0, 5511900000000.0 + f64::from(row)).unwrap();
        sheet.write(row, 1, format!("Cliente {row}")).unwrap();
        sheet.write(row, 2, format!("C{row}")).unwrap();
    }
    // A formatted empty cell far away, as spreadsheets leave them: harmless.
    sheet.write_blank(60_000, 300, &rust_xlsxwriter::Format::new().set_bold()).unwrap();
    let (status, body) = w.upload(XLSX, book.save_to_buffer().unwrap()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["contacts"].as_array().map(Vec::len), Some(2_000));
    assert_eq!(body["contacts"][1999]["row"], 2_001);
    assert_eq!(body["contacts"][1999]["phone"], "+5511900002000");
    assert_eq!(body["contacts"][1999]["fields"]["cupom"], "C2000");
    assert_eq!(body["columns"], serde_json::json!(["cupom"]));
}

#[tokio::test]
async fn users_import_reads_through_the_same_limits() {
    use backoffice::domain::users::import;
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let far =
        tokio::time::timeout(Duration::from_secs(10), import::read(&write("longe.xlsx", &far_cell(1_048_575, 16_383))))
            .await
            .expect("refused within a few seconds")
            .unwrap_err();
    assert!(far.contains("200000 linhas"), "{far}");
    let wide = format!("nome,email,senha,perfil{}\n", ",x".repeat(100));
    let err = import::read(&write("largo.csv", wide.as_bytes())).await.unwrap_err();
    assert!(err.contains("50 colunas"), "{err}");
    let err = import::read(&write("bomba.xlsx", &padded_workbook(96 * 1024 * 1024))).await.unwrap_err();
    assert!(err.contains("64 MB"), "{err}");
    let err = import::read(&write("antiga.ods", b"PK\x03\x04")).await.unwrap_err();
    assert!(err.contains(".xlsx ou .csv"), "{err}");

    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    for (column, header) in ["Nome", "E-mail", "Senha", "Perfil", "Instâncias"].iter().enumerate() {
        sheet.write(0, column as u16, *header).unwrap();
    }
    for (column, value) in ["Ana Souza", "ana@acme.com", "Segura#2026x", "Atendente", "Loja, Sac"].iter().enumerate() {
        sheet.write(2, column as u16, *value).unwrap();
    }
    let rows = import::read(&write("usuarios.xlsx", &book.save_to_buffer().unwrap())).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].line, rows[0].email.as_str(), rows[0].role.as_str()), (3, "ana@acme.com", "Atendente"));
    assert_eq!(rows[0].instances, vec!["Loja".to_owned(), "Sac".to_owned()]);
}
