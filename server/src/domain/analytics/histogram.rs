//! Duration histograms: how per-ticket first-response and resolution times are kept in the daily
//! aggregates so that a median and a p90 can be read back for any period and filter without
//! touching the tickets again (docs/analytics.md#definitions).
//!
//! Buckets are fixed, roughly logarithmic, and stored one column each (`fr_b{i}`, `rs_b{i}`): a
//! period's histogram is then a plain `SUM` per column. A quantile is found in its bucket and
//! interpolated linearly inside it, so it is exact to the bucket and close within it.

use tenant_migrations::DURATION_BUCKETS;

/// Upper bounds (exclusive, seconds) of every bucket but the last, which is open.
pub const BOUNDS: [i64; 14] =
    [30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 14_400, 28_800, 86_400, 172_800, 604_800];

const _: () = assert!(BOUNDS.len() + 1 == DURATION_BUCKETS, "one column per bucket in analytics_daily");

/// The two histograms kept per row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    FirstResponse,
    Resolution,
}

impl Metric {
    /// Column prefix in `analytics_daily`.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::FirstResponse => "fr_b",
            Self::Resolution => "rs_b",
        }
    }

    /// `fr_b0`, `fr_b1`, …
    pub fn columns(self) -> impl Iterator<Item = String> {
        (0..DURATION_BUCKETS).map(move |i| format!("{}{i}", self.prefix()))
    }
}

/// `SUM(CASE …)` expressions, one per bucket, counting the non-null values of `secs` (an SQL
/// expression) that fall in each bucket.
pub fn bucket_sums(secs: &str) -> Vec<String> {
    (0..DURATION_BUCKETS)
        .map(|i| {
            let lower = if i == 0 { format!("{secs} IS NOT NULL") } else { format!("{secs} >= {}", BOUNDS[i - 1]) };
            let upper = BOUNDS.get(i).map(|b| format!(" AND {secs} < {b}")).unwrap_or_default();
            format!("SUM(CASE WHEN {lower}{upper} THEN 1 ELSE 0 END)")
        })
        .collect()
}

/// A histogram read back from the aggregates.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Histogram {
    pub counts: [i64; DURATION_BUCKETS],
}

impl Histogram {
    pub fn count(&self) -> i64 {
        self.counts.iter().sum()
    }

    pub fn add(&mut self, other: &Histogram) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }

    /// The `q`-quantile (0–1) in seconds, `None` without a sample. Inside the open last bucket the
    /// lower bound is answered (nothing better is known).
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let total = self.count();
        if total == 0 {
            return None;
        }
        // The rank of the wanted value among `total` sorted values (1-based, nearest-rank).
        let rank = ((q * total as f64).ceil() as i64).clamp(1, total);
        let mut seen = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            if seen + n >= rank {
                let lower = if i == 0 { 0 } else { BOUNDS[i - 1] };
                let Some(&upper) = BOUNDS.get(i) else { return Some(lower) };
                // Values spread evenly over the bucket: the k-th of n sits at (k - 0.5) / n of it.
                let position = ((rank - seen) as f64 - 0.5) / n as f64;
                return Some(lower + ((upper - lower) as f64 * position).round() as i64);
            }
            seen += n;
        }
        None
    }

    pub fn median(&self) -> Option<i64> {
        self.quantile(0.5)
    }

    pub fn p90(&self) -> Option<i64> {
        self.quantile(0.9)
    }
}

/// The bucket of a duration (for tests and in-memory checks).
pub fn bucket_of(secs: i64) -> usize {
    BOUNDS.iter().position(|&b| secs < b).unwrap_or(BOUNDS.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(values: &[i64]) -> Histogram {
        let mut h = Histogram::default();
        for &v in values {
            h.counts[bucket_of(v)] += 1;
        }
        h
    }

    #[test]
    fn no_sample_has_no_median() {
        assert_eq!(Histogram::default().median(), None);
    }

    #[test]
    fn the_median_lands_in_the_bucket_of_the_true_median() {
        // 10 s, 45 s, 200 s, 250 s, 5000 s: the true median is 200 s (bucket 120–300).
        let h = of(&[10, 45, 200, 250, 5_000]);
        let median = h.median().expect("median");
        assert!((120..300).contains(&median), "{median}");
        assert_eq!(h.count(), 5);
    }

    #[test]
    fn p90_reads_the_slow_tail() {
        let mut values = vec![100; 90];
        values.extend([20_000; 10]);
        let h = of(&values);
        let p90 = h.p90().expect("p90");
        assert!((60..=120).contains(&p90), "90 % are 100 s: {p90}");
        let p95 = h.quantile(0.95).expect("p95");
        assert!((14_400..28_800).contains(&p95), "{p95}");
    }

    #[test]
    fn the_open_last_bucket_answers_its_lower_bound() {
        assert_eq!(of(&[2_000_000]).median(), Some(604_800));
    }

    #[test]
    fn bucket_sums_bound_every_bucket_and_leave_the_last_open() {
        let sums = bucket_sums("x");
        assert_eq!(sums.len(), DURATION_BUCKETS);
        assert_eq!(sums[0], "SUM(CASE WHEN x IS NOT NULL AND x < 30 THEN 1 ELSE 0 END)");
        assert_eq!(sums[14], "SUM(CASE WHEN x >= 604800 THEN 1 ELSE 0 END)");
    }
}
