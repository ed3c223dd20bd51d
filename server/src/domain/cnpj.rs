//! CNPJ: the Brazilian company registry number, 14 digits whose last two are check digits.

/// A CNPJ with valid check digits, kept as its 14 digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cnpj(String);

impl Cnpj {
    /// Accepts `12.345.678/0001-95` or `12345678000195`; refuses wrong check digits and
    /// all-equal digits (which pass the arithmetic but are not issued).
    pub fn parse(value: &str) -> Result<Self, &'static str> {
        let digits: String = value.chars().filter(|c| !matches!(c, '.' | '/' | '-' | ' ')).collect();
        if digits.len() != 14 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err("O CNPJ deve ter 14 dígitos.");
        }
        let nums: Vec<u32> = digits.bytes().map(|b| u32::from(b - b'0')).collect();
        if nums.iter().all(|d| *d == nums[0]) {
            return Err("CNPJ inválido.");
        }
        if check_digit(&nums[..12]) != nums[12] || check_digit(&nums[..13]) != nums[13] {
            return Err("CNPJ inválido: dígitos verificadores não conferem.");
        }
        Ok(Self(digits))
    }

    /// Completes 12 base digits with their two check digits (used by the demo seed).
    pub fn from_base(base: [u32; 12]) -> Self {
        let mut nums = base.to_vec();
        nums.push(check_digit(&nums));
        nums.push(check_digit(&nums));
        Self(nums.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).collect())
    }

    pub fn digits(&self) -> &str {
        &self.0
    }

    /// `12.345.678/0001-95`.
    pub fn formatted(&self) -> String {
        let d = &self.0;
        format!("{}.{}.{}/{}-{}", &d[0..2], &d[2..5], &d[5..8], &d[8..12], &d[12..14])
    }
}

fn check_digit(nums: &[u32]) -> u32 {
    // Weights run 2..=9 from the right, repeating.
    let sum: u32 = nums.iter().rev().enumerate().map(|(i, d)| d * (2 + (i as u32 % 8))).sum();
    match sum % 11 {
        0 | 1 => 0,
        r => 11 - r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_cnpjs_parse_with_or_without_punctuation() {
        assert_eq!(Cnpj::parse("11.222.333/0001-81").unwrap().digits(), "11222333000181");
        assert!(Cnpj::parse("11222333000181").is_ok());
    }

    #[test]
    fn wrong_check_digits_and_lengths_are_refused() {
        assert!(Cnpj::parse("11.222.333/0001-82").is_err());
        assert!(Cnpj::parse("1122233300018").is_err());
        assert!(Cnpj::parse("11111111111111").is_err());
        assert!(Cnpj::parse("abcdefghijklmn").is_err());
    }

    /// CNPJs of real companies (public registry data), each checked by hand against the
    /// Receita Federal's published algorithm: the generator must complete their first twelve
    /// digits with exactly their check digits.
    const REGISTERED: &[&str] = &[
        "00.000.000/0001-91", // Banco do Brasil
        "33.000.167/0001-01", // Petrobras
        "47.960.950/0001-21", // Magazine Luiza
        "06.990.590/0001-23", // Google Brasil
        "60.701.190/0001-04", // Itaú Unibanco
    ];

    fn base_of(formatted: &str) -> [u32; 12] {
        let digits: Vec<u32> = formatted.chars().filter_map(|c| c.to_digit(10)).collect();
        std::array::from_fn(|i| digits[i])
    }

    #[test]
    fn the_generator_completes_registered_cnpjs_with_their_own_check_digits() {
        for registered in REGISTERED {
            assert_eq!(Cnpj::from_base(base_of(registered)).formatted(), *registered);
            assert!(Cnpj::parse(registered).is_ok(), "{registered} parses");
        }
    }

    #[test]
    fn a_registered_cnpj_with_any_other_check_digit_is_refused() {
        for registered in REGISTERED {
            let right: String = registered.chars().filter(char::is_ascii_digit).collect();
            for wrong in 0..100u32 {
                let candidate = format!("{}{wrong:02}", &right[..12]);
                if candidate != right {
                    assert!(Cnpj::parse(&candidate).is_err(), "{candidate} must be refused");
                }
            }
        }
    }
}
