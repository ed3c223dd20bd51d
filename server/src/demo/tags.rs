//! The demo's tags (docs/tags.md): what a shop sorts its conversations by, four of them the kanban
//! board's columns, spread over the tickets (one in five carries none of the board's, so the
//! "Sem etiqueta" column has cards too) and a few customers marked VIP. Seeding again adds nothing
//! when the tenant already has tags.

use chrono::Utc;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, Set};

use crate::{domain::text::fold, entities::tenant::tag};

/// Name, colour and board column.
const TAGS: &[(&str, &str, Option<i32>)] = &[
    ("Orçamento", "#228be6", Some(0)),
    ("Aguardando pagamento", "#fab005", Some(1)),
    ("Pós-venda", "#40c057", Some(2)),
    ("Troca e devolução", "#be4bdb", Some(3)),
    ("Urgente", "#fa5252", None),
    ("VIP", "#fd7e14", None),
];

/// Creates the tags and applies them; answers how many tags.
pub(super) async fn seed<C: ConnectionTrait>(db: &C) -> Result<u64, DbErr> {
    if tag::Entity::find().count(db).await? > 0 {
        return Ok(0);
    }
    let now = Utc::now();
    let mut ids = Vec::with_capacity(TAGS.len());
    for (name, color, column) in TAGS {
        let created = tag::ActiveModel {
            name: Set((*name).to_owned()),
            name_key: Set(fold(name)),
            color: Set((*color).to_owned()),
            board_position: Set(*column),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
        ids.push(created.id);
    }
    // Set-based, by id: the board tags take four of every five tickets, one each; one ticket in
    // seven is urgent besides; one customer in eleven is a VIP.
    let mut statements: Vec<String> = ids[..4]
        .iter()
        .enumerate()
        .map(|(slot, id)| {
            format!("INSERT INTO ticket_tags (ticket_id, tag_id) SELECT id, {id} FROM tickets WHERE id % 5 = {slot}")
        })
        .collect();
    statements.push(format!(
        "INSERT INTO ticket_tags (ticket_id, tag_id) SELECT id, {} FROM tickets WHERE id % 7 = 0",
        ids[4]
    ));
    statements.push(format!(
        "INSERT INTO customer_tags (customer_id, tag_id) SELECT id, {} FROM customers WHERE id % 11 = 0",
        ids[5]
    ));
    for sql in statements {
        db.execute_unprepared(&sql).await?;
    }
    Ok(ids.len() as u64)
}
