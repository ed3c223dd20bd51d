//! sea-orm entities, in the shape `sea-orm-cli generate entity` writes. Behaviour lives in `domain/`.

pub mod control;
pub mod tenant;
