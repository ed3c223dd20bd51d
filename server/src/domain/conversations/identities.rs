//! A customer is an identity set (docs/inbox.md#identities): every address they are known by —
//! a phone, the business-scoped user id Meta sends when a WhatsApp username hides the number
//! (`BR.1502576394655843`), a linked id a QR gateway names a person by (`…@lid`). Inbound messages
//! find their customer by any of them; `customers.phone` is the one replies go to (the phone when
//! one is known), and the database records it as an identity whenever it is written
//! (tenant migration 33), so every customer has at least one.

use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{OnConflict, Query, SelectStatement},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::error::{Error, Result},
    entities::tenant::customer_identity,
};

/// A phone number in E.164 form, `+` and its digits (what customers are found by, whatever
/// spaces, dashes or parentheses the provider or the user wrote).
pub fn normalize_phone(raw: &str) -> Result<String> {
    let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
    if !(8..=15).contains(&digits.len()) {
        return Err(Error::invalid_field("invalid_phone", "phone", "Telefone inválido: de 8 a 15 dígitos."));
    }
    Ok(format!("+{digits}"))
}

/// What an address is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `+` and the digits.
    Phone,
    /// Meta's business-scoped user id: a country code, a dot, letters and digits.
    Bsuid,
    /// WhatsApp's linked id, as QR gateways see it: digits and `@lid`.
    Lid,
    /// A group chat a gateway number keeps (`…@g.us`): the group is the customer.
    Group,
}

impl Kind {
    /// The kind of an address as `customers.phone` holds it (the migration's trigger reads it the
    /// same way).
    pub fn of(address: &str) -> Self {
        if address.starts_with('+') {
            Self::Phone
        } else if address.ends_with("@lid") {
            Self::Lid
        } else if address.ends_with("@g.us") {
            Self::Group
        } else {
            Self::Bsuid
        }
    }

    /// A stored `kind` (written by this module or the trigger, so always one of these).
    pub fn of_stored(stored: &str) -> Self {
        match stored {
            "bsuid" => Self::Bsuid,
            "lid" => Self::Lid,
            "group" => Self::Group,
            _ => Self::Phone,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Phone => "phone",
            Self::Bsuid => "bsuid",
            Self::Lid => "lid",
            Self::Group => "group",
        }
    }
}

/// One identity, as the customer's panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentityView {
    pub kind: Kind,
    pub value: String,
    /// When it was learned.
    pub created_at: DateTime<Utc>,
}

/// An identity without its date (the merge log keeps them so).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct IdentityRef {
    pub kind: Kind,
    pub value: String,
}

/// A provider's id of a person who may hide their phone — a BSUID or a LID — or of a kept group
/// chat, checked.
pub fn parse_user_id(raw: &str) -> Result<(Kind, String)> {
    let value = raw.trim();
    let invalid = || {
        Error::invalid_field(
            "invalid_user_id",
            "data.userId",
            "Identificador do cliente inválido: um BSUID (BR.1502576394655843) ou um LID (…@lid).",
        )
    };
    if let Some(digits) = value.strip_suffix("@lid") {
        let ok = (5..=40).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
        return if ok { Ok((Kind::Lid, value.to_owned())) } else { Err(invalid()) };
    }
    if let Some(id) = value.strip_suffix("@g.us") {
        let ok = (5..=60).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit() || b == b'-');
        return if ok { Ok((Kind::Group, value.to_owned())) } else { Err(invalid()) };
    }
    let (country, rest) = value.split_once('.').ok_or_else(invalid)?;
    let ok = country.len() == 2
        && country.bytes().all(|b| b.is_ascii_uppercase())
        && !rest.is_empty()
        && value.len() <= 160
        && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.');
    if ok { Ok((Kind::Bsuid, value.to_owned())) } else { Err(invalid()) }
}

/// Who wrote, as a provider names them: their phone when it shows it, their id when it has one —
/// at least one of the two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Addresses {
    pub phone: Option<String>,
    pub user_id: Option<(Kind, String)>,
}

impl Addresses {
    /// Reads a message's `phone` (empty when hidden) and `userId`.
    pub fn read(phone: &str, user_id: Option<&str>) -> Result<Self> {
        let user_id = user_id.filter(|id| !id.trim().is_empty()).map(parse_user_id).transpose()?;
        let phone = if phone.trim().is_empty() && user_id.is_some() {
            None
        } else {
            Some(normalize_phone(phone).map_err(|_| {
                Error::invalid_field("invalid_phone", "data.phone", "Telefone inválido: de 8 a 15 dígitos.")
            })?)
        };
        Ok(Self { phone, user_id })
    }

    /// The identity the customer is looked up by: the phone when shown (today's customers are
    /// known by it), otherwise the id.
    pub fn primary(&self) -> (Kind, &str) {
        match (&self.phone, &self.user_id) {
            (Some(phone), _) => (Kind::Phone, phone),
            (None, Some((kind, id))) => (*kind, id),
            (None, None) => unreachable!("Addresses::read keeps at least one"),
        }
    }

    /// The other identity the message names, besides [`primary`](Self::primary).
    pub fn secondary(&self) -> Option<(Kind, &str)> {
        match (&self.phone, &self.user_id) {
            (Some(_), Some((kind, id))) => Some((*kind, id)),
            _ => None,
        }
    }
}

/// The id of the customer holding an identity: a subquery for lookups.
pub fn holder(kind: Kind, value: &str) -> SelectStatement {
    Query::select()
        .column(customer_identity::Column::CustomerId)
        .from(customer_identity::Entity)
        .and_where(customer_identity::Column::Kind.eq(kind.as_str()))
        .and_where(customer_identity::Column::Value.eq(value))
        .take()
}

/// The customer holding an identity, if anyone does.
pub async fn find(db: &impl ConnectionTrait, kind: Kind, value: &str) -> Result<Option<i32>> {
    Ok(customer_identity::Entity::find()
        .select_only()
        .column(customer_identity::Column::CustomerId)
        .filter(customer_identity::Column::Kind.eq(kind.as_str()))
        .filter(customer_identity::Column::Value.eq(value))
        .into_tuple()
        .one(db)
        .await?)
}

/// Records an identity of `customer_id`, unless someone holds it already (then two customers are
/// one person: an administrator merges them, nothing is moved behind their back).
pub async fn attach(db: &impl ConnectionTrait, customer_id: i32, kind: Kind, value: &str) -> Result<()> {
    customer_identity::Entity::insert(customer_identity::ActiveModel {
        customer_id: Set(customer_id),
        kind: Set(kind.as_str().to_owned()),
        value: Set(value.to_owned()),
        created_at: Set(Utc::now()),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([customer_identity::Column::Kind, customer_identity::Column::Value])
            .do_nothing()
            .to_owned(),
    )
    .try_insert()
    .exec(db)
    .await?;
    Ok(())
}

/// A customer's identities, oldest first.
pub async fn of_customer(db: &impl ConnectionTrait, customer_id: i32) -> Result<Vec<IdentityView>> {
    let rows = customer_identity::Entity::find()
        .filter(customer_identity::Column::CustomerId.eq(customer_id))
        .order_by_asc(customer_identity::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| IdentityView { kind: Kind::of_stored(&row.kind), value: row.value, created_at: row.created_at })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_its_sender_by_phone_first_and_by_id_when_the_phone_is_hidden() {
        let both = Addresses::read("55 11 98765-4321", Some("BR.1502576394655843")).expect("both read");
        assert_eq!(both.primary(), (Kind::Phone, "+5511987654321"));
        assert_eq!(both.secondary(), Some((Kind::Bsuid, "BR.1502576394655843")));

        let hidden = Addresses::read("", Some("BR.ENT.11815799212886844830")).expect("an id alone reads");
        assert_eq!(hidden.primary(), (Kind::Bsuid, "BR.ENT.11815799212886844830"));
        assert_eq!(hidden.secondary(), None);

        let lid = Addresses::read("", Some("120363025246125486@lid")).expect("a LID reads");
        assert_eq!(lid.primary(), (Kind::Lid, "120363025246125486@lid"));
    }

    #[test]
    fn nothing_to_find_the_sender_by_is_refused() {
        assert!(Addresses::read("", None).is_err());
        assert!(Addresses::read("123", None).is_err());
        for bad in ["br.123", "BR.", "BRA.123", "BR.12 3", "12@lid", "abc@lid", "US.1;DROP"] {
            assert!(parse_user_id(bad).is_err(), "{bad} is refused");
        }
    }

    #[test]
    fn an_address_says_what_it_is() {
        assert_eq!(Kind::of("+5511987654321"), Kind::Phone);
        assert_eq!(Kind::of("BR.1502576394655843"), Kind::Bsuid);
        assert_eq!(Kind::of("120363025246125486@lid"), Kind::Lid);
        assert_eq!(Kind::of("120363025246125486@g.us"), Kind::Group);
    }
}
