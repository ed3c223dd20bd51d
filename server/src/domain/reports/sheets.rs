//! The four sheets of docs/contracts.md#api-calls (docs/analytics.md#sheets) plus the report exports: each is one SQL
//! query streamed from a cursor into [`xlsx::write_workbook`], shared by the REST API and
//! `backoffice-cli sheets export`.

use std::io::Write;

use chrono::Utc;
use futures::StreamExt;
use sea_orm::{DatabaseTransaction, QueryResult, Statement, StreamTrait};
use tokio::sync::mpsc;

use super::xlsx::{self, About, Cell, Column, Kind, Layout, col};
use crate::domain::{Error, analytics::period::Period, error::Result, sql::Binder};

/// The sheets of `/api/tenant/sheets/*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetKind {
    Orders,
    Attendances,
    InstanceLogs,
    Reasons,
}

impl SheetKind {
    /// From the API path segment (`instance_logs`) or the CLI name (`instance-logs`).
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "orders" => Self::Orders,
            "attendances" => Self::Attendances,
            "instance_logs" | "instance-logs" => Self::InstanceLogs,
            "reasons" => Self::Reasons,
            _ => return None,
        })
    }

    /// The pt_BR stem of the file name.
    pub fn file_stem(self) -> &'static str {
        match self {
            Self::Orders => "pedidos",
            Self::Attendances => "atendimentos",
            Self::InstanceLogs => "logs_de_instancias",
            Self::Reasons => "motivos_de_encerramento",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::Orders => "Pedidos",
            Self::Attendances => "Atendimentos",
            Self::InstanceLogs => "Logs de instâncias",
            Self::Reasons => "Motivos de encerramento",
        }
    }
}

/// The filters of a sheet (only those its kind reads are used).
#[derive(Debug, Clone, Copy)]
pub struct SheetFilters {
    pub period: Period,
    /// Attendances: one instance (`websiteId`).
    pub instance_id: Option<i32>,
    /// Attendances: estimate the resolution of tickets still open.
    pub estimation: bool,
    /// Reasons: one closing reason.
    pub reason_id: Option<i32>,
    /// Attendances: the tickets carrying this tag.
    pub tag_id: Option<i32>,
}

/// A sheet ready to stream: its layout, the query and the metadata sheet.
pub struct Sheet {
    pub layout: Layout,
    pub statement: Statement,
    pub about: About,
}

impl Sheet {
    /// `pedidos_2026-11-01_a_2026-11-30.xlsx`.
    pub fn file_name(stem: &str, period: Period) -> String {
        format!("{stem}_{}.xlsx", period.slug())
    }
}

const STATUS_LABEL: &str = "CASE t.status WHEN 'pending' THEN 'Aguardando' WHEN 'open' THEN 'Em atendimento' \
     WHEN 'transferring' THEN 'Em transferência' WHEN 'closed' THEN 'Encerrado' ELSE t.status END";

/// Builds the sheet of `kind` for `filters`; `tenant` and `who` go to the metadata sheet.
pub fn build(backend: sea_orm::DbBackend, kind: SheetKind, filters: SheetFilters, tenant: &str, who: &str) -> Sheet {
    let mut b = Binder::new(backend);
    let d = b.dialect();
    let (lo, hi) = filters.period.utc_bounds();
    let (lo, hi) = (b.p(lo), b.p(hi));
    let big = |e: String| format!("CAST({e} AS BIGINT)");
    let mut about_filters = Vec::new();
    let (columns, sql): (Vec<Column>, String) = match kind {
        SheetKind::Orders => (
            vec![
                col("Pedido", Kind::Int, 10.0),
                col("Data", Kind::DateTime, 17.0),
                col("Cliente", Kind::Text, 28.0),
                col("Telefone", Kind::Text, 16.0),
                col("Instância", Kind::Text, 18.0),
                col("Atendente", Kind::Text, 22.0),
                col("Protocolo", Kind::Text, 20.0),
                col("Situação", Kind::Text, 12.0),
                col("Valor", Kind::Money, 14.0),
            ],
            format!(
                "SELECT CAST(o.id AS BIGINT), o.ordered_at, c.name, c.phone, i.name, u.name, t.protocol, \
                 CASE o.status WHEN 'paid' THEN 'Pago' WHEN 'pending' THEN 'Pendente' \
                 WHEN 'cancelled' THEN 'Cancelado' ELSE o.status END, CAST(o.value_cents AS BIGINT) \
                 FROM orders o LEFT JOIN customers c ON c.id = o.customer_id \
                 LEFT JOIN instances i ON i.id = o.instance_id LEFT JOIN users u ON u.id = o.user_id \
                 LEFT JOIN tickets t ON t.id = o.ticket_id \
                 WHERE o.ordered_at >= {lo} AND o.ordered_at < {hi} ORDER BY o.ordered_at, o.id"
            ),
        ),
        SheetKind::Attendances => {
            let mut filter = format!("t.opened_at >= {lo} AND t.opened_at < {hi}");
            if let Some(id) = filters.instance_id {
                filter.push_str(&format!(" AND t.instance_id = {}", b.p(id)));
                about_filters.push(("instância (websiteId)".to_owned(), id.to_string()));
            }
            if let Some(id) = filters.tag_id {
                filter.push_str(&format!(
                    " AND EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = {})",
                    b.p(id)
                ));
                about_filters.push(("etiqueta (tagId)".to_owned(), id.to_string()));
            }
            let resolution = if filters.estimation {
                let now = b.p(Utc::now());
                format!(
                    "CASE WHEN t.closed_at IS NOT NULL THEN {} ELSE {} END",
                    d.secs("t.opened_at", "t.closed_at"),
                    d.secs("t.opened_at", &now)
                )
            } else {
                d.secs("t.opened_at", "t.closed_at")
            };
            let estimated =
                if filters.estimation { "CASE WHEN t.closed_at IS NULL THEN 'Sim' ELSE 'Não' END" } else { "'Não'" };
            about_filters.push((
                "estimativa (estimation)".to_owned(),
                if filters.estimation { "sim: resolução dos abertos = agora − abertura" } else { "não" }.to_owned(),
            ));
            (
                vec![
                    col("Protocolo", Kind::Text, 20.0),
                    col("Aberto em", Kind::DateTime, 17.0),
                    col("Primeira resposta em", Kind::DateTime, 19.0),
                    col("Encerrado em", Kind::DateTime, 17.0),
                    col("Situação", Kind::Text, 16.0),
                    col("Cliente", Kind::Text, 28.0),
                    col("Telefone", Kind::Text, 16.0),
                    col("Instância", Kind::Text, 18.0),
                    col("Departamento", Kind::Text, 18.0),
                    col("Atendente", Kind::Text, 22.0),
                    col("Motivo de encerramento", Kind::Text, 24.0),
                    col("Primeira resposta (min)", Kind::Minutes, 14.0),
                    col("Resolução (min)", Kind::Minutes, 14.0),
                    col("Resolução estimada", Kind::Text, 12.0),
                    col("Etiquetas", Kind::Text, 28.0),
                ],
                format!(
                    "SELECT t.protocol, t.opened_at, t.first_response_at, t.closed_at, {STATUS_LABEL}, c.name, c.phone, \
                     i.name, dep.name, u.name, r.name, {fr}, {rs}, {estimated}, \
                     (SELECT string_agg(g.name, ', ' ORDER BY g.name) FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id \
                      WHERE tt.ticket_id = t.id) \
                     FROM tickets t JOIN customers c ON c.id = t.customer_id JOIN instances i ON i.id = t.instance_id \
                     LEFT JOIN departments dep ON dep.id = t.department_id LEFT JOIN users u ON u.id = t.assigned_user_id \
                     LEFT JOIN closing_reasons r ON r.id = t.closing_reason_id \
                     WHERE {filter} ORDER BY t.opened_at, t.id",
                    fr = big(d.secs("t.opened_at", "t.first_response_at")),
                    rs = big(resolution),
                ),
            )
        }
        SheetKind::InstanceLogs => (
            vec![
                col("Data", Kind::DateTime, 17.0),
                col("Instância", Kind::Text, 20.0),
                col("Situação", Kind::Text, 16.0),
                col("Detalhe", Kind::Text, 60.0),
            ],
            format!(
                "SELECT l.occurred_at, i.name, CASE l.status WHEN 'connected' THEN 'Conectada' \
                 WHEN 'disconnected' THEN 'Desconectada' ELSE l.status END, l.detail \
                 FROM instance_logs l LEFT JOIN instances i ON i.id = l.instance_id \
                 WHERE l.occurred_at >= {lo} AND l.occurred_at < {hi} ORDER BY l.occurred_at, l.id"
            ),
        ),
        SheetKind::Reasons => {
            let mut filter = format!("t.closed_at >= {lo} AND t.closed_at < {hi}");
            if let Some(id) = filters.reason_id {
                filter.push_str(&format!(" AND t.closing_reason_id = {}", b.p(id)));
                about_filters.push(("motivo (reasonId)".to_owned(), id.to_string()));
            }
            (
                vec![
                    col("Motivo", Kind::Text, 26.0),
                    col("Protocolo", Kind::Text, 20.0),
                    col("Encerrado em", Kind::DateTime, 17.0),
                    col("Cliente", Kind::Text, 28.0),
                    col("Instância", Kind::Text, 18.0),
                    col("Departamento", Kind::Text, 18.0),
                    col("Atendente", Kind::Text, 22.0),
                    col("Resolução (min)", Kind::Minutes, 14.0),
                ],
                format!(
                    "SELECT COALESCE(r.name, 'Sem motivo'), t.protocol, t.closed_at, c.name, i.name, dep.name, u.name, {rs} \
                     FROM tickets t JOIN customers c ON c.id = t.customer_id JOIN instances i ON i.id = t.instance_id \
                     LEFT JOIN departments dep ON dep.id = t.department_id LEFT JOIN users u ON u.id = t.assigned_user_id \
                     LEFT JOIN closing_reasons r ON r.id = t.closing_reason_id \
                     WHERE {filter} ORDER BY COALESCE(r.name, 'Sem motivo'), t.closed_at, t.id",
                    rs = big(d.secs("t.opened_at", "t.closed_at")),
                ),
            )
        }
    };
    let about = About {
        title: kind.title().to_owned(),
        tenant: tenant.to_owned(),
        period: format!("{} a {}", filters.period.from.format("%d/%m/%Y"), filters.period.to.format("%d/%m/%Y")),
        filters: about_filters,
        definitions: definitions(kind),
        generated_by: who.to_owned(),
        generated_at: Utc::now(),
    };
    Sheet { layout: Layout { sheet_name: kind.title_short(), columns }, statement: b.statement(sql), about }
}

impl SheetKind {
    fn title_short(self) -> &'static str {
        match self {
            Self::Orders => "Pedidos",
            Self::Attendances => "Atendimentos",
            Self::InstanceLogs => "Logs",
            Self::Reasons => "Motivos",
        }
    }
}

fn definitions(kind: SheetKind) -> Vec<(String, String)> {
    let d = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    match kind {
        SheetKind::Orders => vec![
            d("Data", "Quando o pedido foi registrado, no horário de São Paulo."),
            d("Valor", "Valor do pedido em reais; pedidos cancelados aparecem mas não entram nos painéis."),
        ],
        SheetKind::Attendances => vec![
            d("Período", "Atendimentos abertos entre as datas (dias de São Paulo)."),
            d("Primeira resposta", "Primeira resposta humana menos a abertura do atendimento (ou a passagem do bot)."),
            d("Resolução", "Encerramento menos abertura. Com estimativa, os abertos usam o momento da geração."),
        ],
        SheetKind::InstanceLogs => vec![d("Situação", "Mudança do estado de conexão informada pelo provedor.")],
        SheetKind::Reasons => vec![
            d("Período", "Atendimentos encerrados entre as datas (dias de São Paulo)."),
            d("Resolução", "Encerramento menos abertura."),
        ],
    }
}

/// Streams `sheet` from `tx` (a read transaction) into `out`; answers the data rows written.
pub async fn export<W: Write + Send + 'static>(tx: &DatabaseTransaction, sheet: Sheet, out: W) -> Result<u64> {
    let (rows_tx, rows_rx) = mpsc::channel::<Vec<Vec<Cell>>>(4);
    let Sheet { layout, statement, about } = sheet;
    let kinds: Vec<Kind> = layout.columns.iter().map(|c| c.kind).collect();
    let writer = tokio::task::spawn_blocking(move || xlsx::write_workbook(&layout, &about, rows_rx, out));
    let read = async {
        let mut stream = tx.stream_raw(statement).await?;
        let mut batch = Vec::with_capacity(xlsx::BATCH);
        while let Some(row) = stream.next().await {
            batch.push(cells(&row?, &kinds)?);
            if batch.len() == xlsx::BATCH
                && rows_tx.send(std::mem::replace(&mut batch, Vec::with_capacity(xlsx::BATCH))).await.is_err()
            {
                return Ok(()); // the writer stopped: its error is reported below
            }
        }
        if !batch.is_empty() {
            let _ = rows_tx.send(batch).await;
        }
        Ok::<_, Error>(())
    };
    let read_result = read.await;
    drop(rows_tx);
    let written =
        writer.await.map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("sheet writer stopped: {err}"))))?;
    read_result?;
    written.map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("sheet not written: {err}"))))
}

/// Writes already-computed rows (small reports) the same way.
pub async fn export_rows<W: Write + Send + 'static>(
    layout: Layout,
    about: About,
    rows: Vec<Vec<Cell>>,
    out: W,
) -> Result<u64> {
    let (rows_tx, rows_rx) = mpsc::channel::<Vec<Vec<Cell>>>(1);
    let writer = tokio::task::spawn_blocking(move || xlsx::write_workbook(&layout, &about, rows_rx, out));
    let _ = rows_tx.send(rows).await;
    drop(rows_tx);
    writer
        .await
        .map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("sheet writer stopped: {err}"))))?
        .map_err(|err| Error::Db(sea_orm::DbErr::Custom(format!("sheet not written: {err}"))))
}

fn cells(row: &QueryResult, kinds: &[Kind]) -> Result<Vec<Cell>> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            Ok(match kind {
                Kind::Text => row.try_get_by_index::<Option<String>>(i)?.into(),
                Kind::Int | Kind::Money | Kind::Minutes | Kind::Hundredths => {
                    row.try_get_by_index::<Option<i64>>(i)?.into()
                }
                Kind::DateTime => row.try_get_by_index::<Option<chrono::DateTime<Utc>>>(i)?.into(),
            })
        })
        .collect()
}
