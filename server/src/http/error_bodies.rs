//! What `AppError` answers look like, for the documentation: the handlers' `#[utoipa::path]`
//! blocks name these bodies, and `openapi` adds them to every route's shared answers. They only
//! describe: `crate::error` writes the answers.

use utoipa::ToSchema;

use crate::domain::FieldError;

/// The JSON error of every non-2xx answer except the 401s of the token contract.
#[derive(ToSchema)]
#[allow(dead_code)] // Only describes `AppError`'s answer.
pub struct ErrorBody {
    /// Código estável em snake_case, para o cliente decidir o que fazer.
    #[schema(example = "invalid_email")]
    code: String,
    /// Mensagem em pt_BR para mostrar ao usuário.
    #[schema(example = "Informe um email válido.")]
    message: String,
    /// Campos inválidos (vazio quando o erro não é de um campo).
    errors: Vec<FieldError>,
}

/// 401 `{"status": ...}`: `Authorization Token not found` (sem token), `Token is Invalid`
/// (assinatura, tenant ou usuário inválido) ou `Token is Expired` (renovação impossível).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct TokenStatus {
    #[schema(example = "Authorization Token not found")]
    status: String,
}

/// 401 `{"errors":[{"message":"Token has expired"}]}`: o token de acesso expirou; renove e repita.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct TokenExpired {
    errors: Vec<TokenExpiredItem>,
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct TokenExpiredItem {
    #[schema(example = "Token has expired")]
    message: String,
}

/// 401 do login, qualquer que seja a causa (email desconhecido, senha errada, conta bloqueada).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct LoginFailed {
    #[schema(example = "invalid_credentials")]
    code: String,
    #[schema(example = "Email ou/e senha errado(s)")]
    message: String,
    errors: Vec<FieldError>,
}
