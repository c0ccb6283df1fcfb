/* The price CSV loader: one small inline fixture per layout feature. */
#include "testutil.h"

#include "ecsched/prices.h"

/* 2024-01-01T00:00Z */
#define T0 (19723LL * 86400)

static ecs_price_options opts(void)
{
    ecs_price_options o;
    ecs_price_options_init(&o);
    return o;
}

static ecs_result load(const char *text, const ecs_price_options *o,
                       ecs_price_series *s, ecs_diag *d)
{
    ecs_diag_clear(d);
    return ecs_prices_read_buffer(text, strlen(text), "fx.csv", o, s, d);
}

static void load_ok(const char *text, const ecs_price_options *o,
                    ecs_price_series *s)
{
    ecs_diag d;
    ecs_result rc = load(text, o, s, &d);
    if (rc != ECS_OK)
        print_error("%s:%ld: %s\n", d.file, d.line, d.msg);
    assert_int_equal(rc, ECS_OK);
}

/* An error naming fx.csv, the line, and a piece of the message. */
static void load_fails(const char *text, const ecs_price_options *o,
                       long line, const char *what)
{
    ecs_price_series s;
    ecs_diag d;
    assert_int_equal(load(text, o, &s, &d), ECS_EPARSE);
    assert_string_equal(d.file, "fx.csv");
    if (line >= 0)
        assert_int_equal(d.line, line);
    if (strstr(d.msg, what) == NULL) {
        print_error("message '%s' lacks '%s'\n", d.msg, what);
        fail();
    }
}

static void test_plain(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    load_ok("timestamp,price\n"
            "2024-01-01T00:00:00Z,10.5\n"
            "2024-01-01T01:00:00Z,-3\n"
            "2024-01-01T02:00:00Z,0\n",
            &o, &s);
    assert_int_equal(s.n, 3);
    assert_int_equal(s.points_read, 3);
    assert_int_equal(s.resolution_minutes, 60);
    assert_true(s.pt[0].start == T0 && s.pt[2].start == T0 + 7200);
    assert_close(s.pt[0].price, 10.5, 0);
    assert_close(s.pt[1].price, -3, 0);
    assert_int_equal(s.pt[1].row, 3);
    assert_string_equal(s.price_column, "price");
    assert_true(s.price_column_guessed);
    assert_string_equal(s.unit, "");
    ecs_price_series_release(&s);
}

static void test_semicolon_decimal_comma_bom_crlf(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    load_ok("\xEF\xBB\xBFtime;price\r\n"
            "2024-01-01T00:00Z;1,5\r\n"
            "2024-01-01T00:15Z;-0,25\r\n",
            &o, &s);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.resolution_minutes, 15);
    assert_close(s.pt[0].price, 1.5, 0);
    assert_close(s.pt[1].price, -0.25, 0);
    assert_string_equal(s.time_column, "time");
    ecs_price_series_release(&s);
}

static void test_quoted_fields(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    load_ok("\"time\",\"price, EUR\"\n"
            "\"2024-01-01T00:00Z\",\"1,25\"\n"
            "\"2024-01-01T01:00Z\",\"2.5\"\n",
            &o, &s);
    assert_close(s.pt[0].price, 1.25, 0);
    assert_close(s.pt[1].price, 2.5, 0);
    ecs_price_series_release(&s);
    ecs_diag d;
    assert_int_equal(load("time,price\n\"2024-01-01T00:00Z,1\n", &o, &s, &d),
                     ECS_EPARSE);
    assert_string_equal(d.file, "fx.csv");
}

/* OMIE: title line, year;month;day;period, trailing ';', CRLF, '*' marker. */
static char *omie(int periods)
{
    size_t cap = 64 + (size_t)periods * 40;
    char *b = malloc(cap);
    size_t n = (size_t)snprintf(b, cap, "MARGINALPDBC;\r\n");
    for (int p = 1; p <= periods; p++)
        n += (size_t)snprintf(b + n, cap - n, "2025;03;30;%d;%d.5;%d.25;\r\n",
                              p, p, p);
    snprintf(b + n, cap - n, "*\r\nignored after the marker\r\n");
    return b;
}

static void test_date_period(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    ecs_diag d;
    char *text = omie(23); /* spring DST day: 23 hours */
    assert_int_equal(load(text, &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "--utc-offset"));
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET,
                                           "+01:00", &d), ECS_OK);
    load_ok(text, &o, &s);
    free(text);
    assert_int_equal(s.n, 23);
    assert_int_equal(s.resolution_minutes, 60);
    /* local midnight of 2025-03-30 at +01:00 = 2025-03-29T23:00Z */
    long long mid = 20177LL * 86400 - 3600;
    assert_true(s.pt[0].start == mid);
    assert_true(s.pt[22].start == mid + 22 * 3600);
    assert_string_equal(s.price_column, "column 6"); /* the last: ES */
    assert_close(s.pt[22].price, 23.25, 0);
    ecs_price_series_release(&s);
    text = omie(100); /* autumn DST day in quarter hours */
    load_ok(text, &o, &s);
    free(text);
    assert_int_equal(s.n, 100);
    assert_int_equal(s.resolution_minutes, 15);
    assert_true(s.pt[99].start == mid + 99 * 900);
    ecs_price_series_release(&s);
    text = omie(92); /* spring DST day in quarter hours */
    load_ok(text, &o, &s);
    free(text);
    assert_int_equal(s.n, 92);
    assert_int_equal(s.resolution_minutes, 15);
    ecs_price_series_release(&s);
    ecs_price_options_set(&o, ECS_PRICE_KEY_PRICE_COLUMN, "5", &d);
    text = omie(24);
    load_ok(text, &o, &s);
    assert_close(s.pt[0].price, 1.5, 0);
    ecs_price_series_release(&s);
    free(text);
    text = omie(20); /* 20 periods: no day length fits */
    load_fails(text, &o, -1, "cannot tell their length");
    free(text);
    /* a date column followed by a period column */
    o.price_column[0] = '\0';
    o.fill = ECS_PRICE_FILL_PREVIOUS; /* hours 4..23 are missing */
    load_ok("date,hour,price\n2025-03-30,1,7\n2025-03-30,2,8\n"
            "2025-03-30,3,9\n2025-03-30,24,1\n",
            &o, &s);
    assert_int_equal(s.resolution_minutes, 60);
    assert_true(s.pt[1].start == mid + 3600);
    assert_int_equal(s.gaps_filled, 20);
    assert_true(s.pt[23].start == mid + 23 * 3600);
    assert_close(s.pt[22].price, 9, 0);
    ecs_price_series_release(&s);
}

static const char *WIDE =
    "HourUTC;HourDK;PriceArea;SpotPriceDKK;SpotPriceEUR\n"
    "2023-10-28 01:00:00;2023-10-28 03:00:00;DK2;80,5;10,5\n"
    "2023-10-28 01:00:00;2023-10-28 03:00:00;DK1;70,5;9,5\n"
    "2023-10-28 00:00:00;2023-10-28 02:00:00;DK2;60,5;8,5\n"
    "2023-10-28 00:00:00;2023-10-28 02:00:00;DK1;50,5;7,5\n";

static void test_wide_filter_guess(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    ecs_diag d;
    /* two areas without --filter: the same hour twice */
    load_fails(WIDE, &o, 3, "repeated interval");
    ecs_price_options_set(&o, ECS_PRICE_KEY_FILTER, "PriceArea=DK1", &d);
    load_ok(WIDE, &o, &s);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.rows_filtered, 2);
    assert_true(s.sorted); /* newest first */
    assert_string_equal(s.time_column, "HourUTC"); /* a UTC column first */
    assert_true(s.naive_time_utc);
    assert_string_equal(s.price_column, "SpotPriceEUR"); /* EUR first */
    assert_string_equal(s.unit, "EUR");
    assert_true(s.pt[0].start == 19658LL * 86400);
    assert_close(s.pt[0].price, 7.5, 0);
    assert_close(s.pt[1].price, 9.5, 0);
    ecs_price_series_release(&s);
    ecs_price_options_set(&o, ECS_PRICE_KEY_PRICE_COLUMN, "spotpricedkk", &d);
    load_ok(WIDE, &o, &s);
    assert_close(s.pt[0].price, 50.5, 0);
    assert_string_equal(s.unit, "DKK");
    assert_false(s.price_column_guessed);
    ecs_price_series_release(&s);
    ecs_price_options_set(&o, ECS_PRICE_KEY_PRICE_COLUMN, "Preis", &d);
    assert_int_equal(load(WIDE, &o, &s, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "no column 'Preis'"));
    assert_non_null(strstr(d.msg, "SpotPriceEUR"));
    /* local time column with an offset: the DK1 hours again */
    ecs_price_options_set(&o, ECS_PRICE_KEY_PRICE_COLUMN, "SpotPriceEUR", &d);
    ecs_price_options_set(&o, ECS_PRICE_KEY_TIME_COLUMN, "HourDK", &d);
    ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET, "+0200", &d);
    load_ok(WIDE, &o, &s);
    assert_true(s.pt[0].start == 19658LL * 86400);
    ecs_price_series_release(&s);
}

static void test_naive_local(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    ecs_diag d;
    const char *t = "REGION,SETTLEMENTDATE,RRP\n"
                    "VIC1,2024/02/13 00:05:00,86.16\n"
                    "VIC1,2024/02/13 00:10:00,85.41\n";
    load_fails(t, &o, 2, "no UTC offset");
    ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET, "+10:00", &d);
    load_ok(t, &o, &s);
    /* 2024-02-13T00:05+10:00 = 2024-02-12T14:05Z */
    assert_true(s.pt[0].start == 19765LL * 86400 + 14 * 3600 + 300);
    assert_string_equal(s.price_column, "RRP");
    ecs_price_series_release(&s);
    /* end stamps: the interval starts 5 minutes earlier */
    ecs_price_options_set(&o, ECS_PRICE_KEY_STAMP, "end", &d);
    ecs_price_options_set(&o, ECS_PRICE_KEY_UNIT, "AUD/MWh", &d);
    load_ok(t, &o, &s);
    assert_true(s.pt[0].start == 19765LL * 86400 + 14 * 3600);
    assert_int_equal(s.pt[0].minutes, 5);
    assert_string_equal(s.unit, "AUD/MWh");
    assert_false(s.unit_from_header);
    ecs_price_series_release(&s);
}

static void test_intervals(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    load_ok("MTU (UTC),Area,Day-ahead Price (EUR/MWh),Intraday Price (EUR/MWh)\n"
            "01/01/2024 00:00:00 - 01/01/2024 00:30:00,BZN|EE,10,,\n"
            "01/01/2024 00:30:00 - 01/01/2024 01:30:00,BZN|EE,-20,,\n",
            &o, &s);
    assert_int_equal(s.n, 2);
    assert_true(s.pt[0].start == T0 && s.pt[0].minutes == 30);
    assert_true(s.pt[1].start == T0 + 1800 && s.pt[1].minutes == 60);
    assert_close(s.pt[1].price, -20, 0);
    assert_string_equal(s.unit, "EUR/MWh");
    assert_true(s.unit_from_header);
    assert_string_equal(s.price_column, "Day-ahead Price (EUR/MWh)");
    assert_int_equal(s.resolution_minutes, 30); /* ties: the first */
    ecs_price_series_release(&s);
    load_fails("MTU (UTC),price\n"
               "01/01/2024 00:00:00 - 01/01/2024 01:00:00,1\n"
               "01/01/2024 00:30:00 - 01/01/2024 01:30:00,2\n",
               &o, 3, "overlaps");
}

static void test_bad_numbers(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    static const char *bad[] = {"810.219.971", "1.23,5", "1.2345,6",
                                "12abc", "--1", "1e", "nan", "inf", "0x10",
                                "1 2", "1.234.567"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 "timestamp,price\n2024-01-01T00:00Z,1\n"
                 "2024-01-01T01:00Z,\"%s\"\n", bad[i]);
        load_fails(text, &o, 3, "is not one number");
    }
    ecs_price_series s;
    load_ok("timestamp,price\n2024-01-01T00:00Z,1e2\n2024-01-01T01:00Z,+.5\n",
            &o, &s);
    assert_close(s.pt[0].price, 100, 0);
    assert_close(s.pt[1].price, 0.5, 0);
    ecs_price_series_release(&s);
    /* thousands separators in groups of three, ended by the decimal mark */
    load_ok("timestamp;price\n2024-01-01T00:00Z;\"1.234,56\"\n"
            "2024-01-01T01:00Z;-1.234.567,5\n2024-01-01T02:00Z;\"1,234.5\"\n",
            &o, &s);
    assert_close(s.pt[0].price, 1234.56, 1e-9);
    assert_close(s.pt[1].price, -1234567.5, 1e-9);
    assert_close(s.pt[2].price, 1234.5, 1e-9);
    ecs_price_series_release(&s);
}

static const char *GAP = "timestamp,price\n"
                         "2024-01-01T00:00Z,10\n"
                         "2024-01-01T01:00Z,20\n"
                         "2024-01-01T04:00Z,50\n";

static void test_gaps_and_fill(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    ecs_diag d;
    load_fails(GAP, &o, 4, "missing interval");
    ecs_price_options_set(&o, ECS_PRICE_KEY_FILL, "previous", &d);
    load_ok(GAP, &o, &s);
    assert_int_equal(s.n, 5);
    assert_int_equal(s.gaps_filled, 2);
    assert_int_equal(s.points_read, 3);
    assert_close(s.pt[2].price, 20, 0);
    assert_close(s.pt[3].price, 20, 0);
    assert_true(s.pt[3].start == T0 + 3 * 3600);
    ecs_price_series_release(&s);
    ecs_price_options_set(&o, ECS_PRICE_KEY_FILL, "linear", &d);
    load_ok(GAP, &o, &s);
    assert_close(s.pt[2].price, 30, 1e-12);
    assert_close(s.pt[3].price, 40, 1e-12);
    ecs_price_series_release(&s);
    /* an empty cell in the middle is a gap; at either end it is skipped */
    load_ok("t,price\n2024-01-01T00:00Z,\n2024-01-01T01:00Z,4\n"
            "2024-01-01T02:00Z,\n2024-01-01T03:00Z,8\n2024-01-01T04:00Z,\n",
            &o, &s);
    assert_int_equal(s.empty_skipped, 2);
    assert_int_equal(s.n, 3);
    assert_close(s.pt[1].price, 6, 1e-12);
    ecs_price_series_release(&s);
}

static void test_order(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    load_fails("timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T02:00Z,2\n"
               "2024-01-01T01:00Z,3\n",
               &o, 4, "out of order");
    load_fails("timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T00:00Z,2\n",
               &o, 3, "repeated interval");
    load_fails("timestamp,price\n2024-01-01T00:00Z,1\nyesterday,2\n", &o, 3,
               "is not a time");
    ecs_price_series s;
    ecs_diag d;
    /* one price column without times: one price per slot, no dates */
    assert_int_equal(load("price\n1\n2\n", &o, &s, &d), ECS_OK);
    assert_int_equal(s.n, 2);
    assert_int_equal(s.untimed, 1);
    assert_int_equal(s.pt[1].start - s.pt[0].start, 60 * o.slot_minutes);
    ecs_price_series_release(&s);
    /* two number columns and no times: the message names both flags */
    assert_int_equal(load("a,b\n1,2\n3,4\n", &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "--time-column none"));
    assert_non_null(strstr(d.msg, "--price-column"));
    assert_int_equal(load("timestamp,price\n", &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "no data rows"));
}

static void test_file_errors(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    ecs_diag d;
    assert_int_equal(ecs_prices_read_file("/nonexistent/p.csv", &o, &s, &d),
                     ECS_EIO);
    assert_string_equal(d.file, "/nonexistent/p.csv");
    assert_int_equal(ecs_prices_load("no-such-builtin", &o, &s, &d), ECS_EIO);
}

/* ---- inputs from the field (issue 16) ---- */

static ecs_result load_n(const char *text, size_t len,
                         const ecs_price_options *o, ecs_price_series *s,
                         ecs_diag *d)
{
    ecs_diag_clear(d);
    return ecs_prices_read_buffer(text, len, "fx.csv", o, s, d);
}

static void test_utf16_and_nul(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    const char *u8 = "timestamp\tprice\r\n2024-01-01T00:00Z\t1,5\r\n"
                     "2024-01-01T01:00Z\t\xE2\x82\xAC" "2\r\n";
    /* big-endian with a BOM: the euro sign makes the second price bad, so
     * the message shows the converted text and its line */
    char be[256], le[256];
    size_t n = 2, m = 0;
    be[0] = (char)0xFE;
    be[1] = (char)0xFF;
    for (const unsigned char *p = (const unsigned char *)u8; *p; p++) {
        unsigned u = *p;
        if (u == 0xE2) { /* U+20AC */
            u = 0x20AC;
            p += 2;
        }
        be[n++] = (char)(u >> 8);
        be[n++] = (char)(u & 0xFF);
        le[m++] = (char)(u & 0xFF); /* no BOM: found by the NUL bytes */
        le[m++] = (char)(u >> 8);
    }
    ecs_price_series s;
    ecs_diag d;
    assert_int_equal(load_n(be, n, &o, &s, &d), ECS_EPARSE);
    assert_int_equal(d.line, 3);
    assert_non_null(strstr(d.msg, "'\xE2\x82\xAC" "2'"));
    assert_int_equal(load_n(le, m, &o, &s, &d), ECS_EPARSE);
    assert_int_equal(d.line, 3);
    /* without the euro sign both load: 1.5 and 2 */
    const char *ok8 = "timestamp\tprice\r\n2024-01-01T00:00Z\t1,5\r\n"
                      "2024-01-01T01:00Z\t2\r\n";
    n = 0;
    for (const char *p = ok8; *p; p++) {
        le[n++] = *p;
        le[n++] = 0;
    }
    assert_int_equal(load_n(le, n, &o, &s, &d), ECS_OK);
    assert_int_equal(s.utf16, 1);
    assert_close(s.pt[0].price, 1.5, 0);
    assert_close(s.pt[1].price, 2, 0);
    ecs_price_series_release(&s);
    /* a NUL byte in a UTF-8 file */
    const char nul[] = "timestamp,price\n2024-01-01T00:00Z,1\n\0\n";
    assert_int_equal(load_n(nul, sizeof nul - 1, &o, &s, &d), ECS_EPARSE);
    assert_int_equal(d.line, 3);
    assert_non_null(strstr(d.msg, "NUL"));
}


/* ---- input that never misleads (issue 30) ---- */

/* Eight quarter hours, the first time or the times as given. */
static char *quarters(const char *first, const char *frac)
{
    static char buf[1024];
    size_t n = (size_t)snprintf(buf, sizeof buf, "timestamp,price\n");
    for (int i = 0; i < 8; i++) {
        if (i == 0 && first != NULL)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s,%d\n", first,
                                  10 + i);
        else
            n += (size_t)snprintf(buf + n, sizeof buf - n,
                                  "2024-01-01T%02d:%02d:00%sZ,%d\n", i / 4,
                                  i % 4 * 15, frac, 10 + i);
    }
    return buf;
}

static void test_time_column_never_dropped(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    /* fractional seconds are ISO 8601: eight 15-minute points, 2 hours
     * (they were read with "time column none": eight 60-minute slots) */
    static const char *frac[] = {".5", ".123", ".500", ".000"};
    for (size_t i = 0; i < sizeof frac / sizeof *frac; i++) {
        load_ok(quarters(NULL, frac[i]), &o, &s);
        assert_int_equal(s.n, 8);
        assert_int_equal(s.resolution_minutes, 15);
        assert_string_equal(s.time_column, "timestamp");
        assert_false(s.untimed);
        /* .5 and .500 round up to the next second, the others down */
        long long r = frac[i][1] >= '5' ? 1 : 0;
        assert_true(s.pt[0].start == T0 + r);
        assert_true(s.pt[7].start == T0 + 7 * 900 + r);
        ecs_price_series_release(&s);
    }
    /* 23:59:59.5 rounds into the next day */
    long long utc;
    ecs_diag d;
    assert_int_equal(ecs_prices_time_parse("2023-12-31T23:59:59.5Z", 0, 0,
                                           &utc, &d),
                     ECS_OK);
    assert_true(utc == T0);
    /* a time column broken in one row is an error at that row, first row
     * included (it was dropped: one price per slot, the horizon 4x) */
    load_fails(quarters("2024-02-30T00:00Z", ""), &o, 2,
               "'2024-02-30T00:00Z' in column 1 ('timestamp') is not a time");
    load_fails(quarters("2024-01-01T00:00:00.Z", ""), &o, 2,
               "is not a time, but the other rows");
    /* without a header: the broken first row is data, not a header */
    load_fails("2024-02-30T00:00Z,1\n2024-01-01T00:15Z,2\n"
               "2024-01-01T00:30Z,3\n2024-01-01T00:45Z,4\n",
               &o, 1, "'2024-02-30T00:00Z' in column 1");
    /* a later row: the error names it (as before) */
    char *q = quarters(NULL, "");
    char *p = strstr(q, "2024-01-01T01:15:00Z");
    assert_non_null(p);
    memcpy(p, "2024-01-01T25:15:00Z", 20);
    load_fails(q, &o, 7, "'2024-01-01T25:15:00Z' in column 'timestamp' is "
                         "not a time");
    /* a column of words is no time column: still one price per slot */
    load_ok("name,price\nx,1\ny,2\nz,3\n", &o, &s);
    assert_true(s.untimed);
    ecs_price_series_release(&s);
}

static void test_rows_as_wide_as_the_header(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    /* decimal commas in a comma-separated file: 0,95 was read as 0 */
    load_fails("timestamp,price\n2024-01-01T00:00+01:00,0,95\n"
               "2024-01-01T01:00+01:00,-1,25\n",
               &o, 2, "3 fields here, 2 in the header: '0,95' in column 2 "
                      "('price') looks like a number with a decimal comma");
    load_fails("timestamp,price\n2024-01-01T00:00+01:00,0,95\n", &o, 2,
               "write 0.95, separate the fields with ';', or quote the "
               "number (\"0,95\")");
    /* the first row whole, a later one with a decimal comma */
    load_fails("timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T01:00Z,12,5\n",
               &o, 3, "'12,5' in column 2");
    /* without a header the first row is the measure; here it is the one
     * with the comma */
    load_fails("2024-01-01T00:00Z,0,95\n2024-01-01T01:00Z,1\n", &o, 1,
               "3 fields here, 2 in line 2: '0,95' in column 2");
    /* a row wider than the header, no number in sight */
    load_fails("timestamp,price\n2024-01-01T00:00Z,1\n2024-01-01T01:00Z,2,x\n",
               &o, 3, "3 fields here, 2 in the header: column 3 ('x') is "
                      "beyond the last");
    /* a row narrower than the header */
    load_fails("timestamp,price,area\n2024-01-01T00:00Z,1,DE\n"
               "2024-01-01T01:00Z,2\n",
               &o, 3, "2 fields here, 3 in the header: column 3 ('area') is "
                      "missing");
    load_fails("time;price;area\n2024-01-01T00:00Z;1;DE\n2024-01-01T01:00Z\n",
               &o, 3, "column 2 ('price') is missing");
    /* what stays fine: trailing separators, an empty last field, quotes,
     * ';' with decimal commas */
    load_ok("timestamp,price,\n2024-01-01T00:00Z,1,\n2024-01-01T01:00Z,2\n",
            &o, &s);
    assert_int_equal(s.n, 2);
    ecs_price_series_release(&s);
    load_ok("timestamp,price,area\n2024-01-01T00:00Z,1,\n"
            "2024-01-01T01:00Z,2,DE,,\n",
            &o, &s);
    assert_close(s.pt[1].price, 2, 0);
    ecs_price_series_release(&s);
    load_ok("timestamp,price\n2024-01-01T00:00Z,\"0,95\"\n"
            "2024-01-01T01:00Z,\"-1,25\"\n",
            &o, &s);
    assert_close(s.pt[0].price, 0.95, 0);
    assert_close(s.pt[1].price, -1.25, 0);
    ecs_price_series_release(&s);
    load_ok("timestamp;price\n2024-01-01T00:00Z;0,95\n", &o, &s);
    assert_close(s.pt[0].price, 0.95, 0);
    ecs_price_series_release(&s);
}

static void test_utf32(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    ecs_diag d;
    const char *u8 = "timestamp,price\n2024-01-01T00:00Z,1\n"
                     "2024-01-01T01:00Z,2\n";
    char le[512], be[512];
    size_t n = 0;
    /* with BOMs: FF FE 00 00 (read as UTF-16 before: "no column holds
     * dates or times") and 00 00 FE FF */
    memcpy(le, "\xFF\xFE\0\0", 4);
    memcpy(be, "\0\0\xFE\xFF", 4);
    n = 4;
    for (const char *p = u8; *p; p++, n += 4) {
        memset(le + n, 0, 4);
        memset(be + n, 0, 4);
        le[n] = *p;
        be[n + 3] = *p;
    }
    assert_int_equal(load_n(le, n, &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "not a text file (UTF-32"));
    assert_int_equal(load_n(be, n, &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "not a text file (UTF-32"));
    /* without a BOM */
    assert_int_equal(load_n(le + 4, n - 4, &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "not a text file (UTF-32"));
    assert_int_equal(load_n(be + 4, n - 4, &o, &s, &d), ECS_EPARSE);
    assert_non_null(strstr(d.msg, "not a text file (UTF-32"));
}

static void test_zones(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_diag d;
    if (ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET, "Europe/Berlin",
                              &d) != ECS_OK) {
        printf("skip - no zoneinfo for Europe/Berlin: %s\n", d.msg);
        return;
    }
    ecs_price_series s;
    /* spring: 02:00 local does not exist on 2024-03-31 */
    load_fails("time,price\n2024-03-31 01:00,1\n2024-03-31 02:00,2\n", &o, 3,
               "does not exist in Europe/Berlin");
    /* spring: 01:00 CET, 03:00 CEST are one hour apart */
    load_ok("time,price\n2024-03-31 01:00,1\n2024-03-31 03:00,2\n", &o, &s);
    assert_int_equal(s.pt[0].start, 19813LL * 86400);
    assert_int_equal(s.pt[1].start - s.pt[0].start, 3600);
    ecs_price_series_release(&s);
    /* autumn: 02:00 twice, 1 hour apart, in order */
    load_ok("time,price\n2024-10-27 01:00,1\n2024-10-27 02:00,2\n"
            "2024-10-27 02:00,3\n2024-10-27 03:00,4\n", &o, &s);
    assert_int_equal(s.n, 4);
    for (size_t i = 1; i < 4; i++)
        assert_int_equal(s.pt[i].start - s.pt[i - 1].start, 3600);
    ecs_price_series_release(&s);
    /* a date + period file: the offset at local midnight (CEST) */
    char day[1024] = "date,period,price\n";
    for (int k = 1; k <= 24; k++)
        snprintf(day + strlen(day), sizeof day - strlen(day),
                 "2024-07-01,%d,%d\n", k, k);
    load_ok(day, &o, &s);
    assert_int_equal(s.n, 24);
    assert_int_equal(s.pt[0].start, 19905LL * 86400 - 7200);
    ecs_price_series_release(&s);
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET,
                                           "Europe/Nowhere", &d),
                     ECS_EINVAL);
    assert_non_null(strstr(d.msg, "tzdata"));
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_UTC_OFFSET,
                                           "../../etc/passwd", &d),
                     ECS_EINVAL);
}

static void test_layouts_without_stamps(void **state)
{
    (void)state;
    ecs_price_options o = opts();
    ecs_price_series s;
    /* epoch seconds */
    load_ok("unix_seconds,price\n1704067200,1\n1704070800,2\n", &o, &s);
    assert_int_equal(s.pt[0].start, T0);
    assert_int_equal(s.pt[1].minutes, 60);
    ecs_price_series_release(&s);
    /* date and time of day in two columns, naive UTC by the header */
    load_ok("Date (UTC);Time;Price\n01.01.2024;00:00;1\n01.01.2024;00:15;2\n",
            &o, &s);
    assert_int_equal(s.pt[1].start, T0 + 900);
    assert_int_equal(s.resolution_minutes, 15);
    ecs_price_series_release(&s);
    /* hour ranges with a date; 23:00 - 00:00 ends at midnight */
    load_ok("day (UTC),hours,price\n2024-01-01,22 - 23,1\n2024-01-01,23:00 - 00:00,2\n"
            "2024-01-02,00 - 01,3\n", &o, &s);
    assert_int_equal(s.n, 3);
    assert_int_equal(s.pt[1].start, T0 + 23 * 3600);
    assert_int_equal(s.pt[1].minutes, 60);
    ecs_price_series_release(&s);
    /* hour ranges alone, across midnight, placed by --start */
    assert_int_equal(ecs_price_options_set(&o, ECS_PRICE_KEY_START,
                                           "2024-01-01T23:00Z", NULL),
                     ECS_OK);
    load_ok("Hour,Price\n23 - 00,1\n00 - 01,2\n", &o, &s);
    assert_int_equal(s.untimed, 0);
    assert_int_equal(s.pt[0].start, T0 + 23 * 3600);
    assert_int_equal(s.pt[1].start, T0 + 24 * 3600);
    ecs_price_series_release(&s);
    /* units */
    o = opts();
    load_ok("Zeit (UTC),Preis [ct/kWh]\n2024-01-01 00:00,1\n", &o, &s);
    assert_string_equal(s.unit, "ct/kWh");
    ecs_price_series_release(&s);
    load_ok("Zeit (UTC),Day-ahead EUR/MWh\n2024-01-01 00:00,1\n", &o, &s);
    assert_string_equal(s.unit, "EUR/MWh");
    ecs_price_series_release(&s);
}

/* ecs_price_options_validate: the ranges the flags check, for programs
 * that fill the struct themselves. */
static void test_options_validate(void **state)
{
    (void)state;
    ecs_price_options o;
    ecs_price_options_init(&o);
    assert_int_equal(ecs_price_options_validate(&o, NULL), ECS_OK);
    o.slot_minutes = 0;
    ecs_diag d;
    assert_int_equal(ecs_price_options_validate(&o, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "1..1440"));
    ecs_price_series s;
    const char *csv = "price\n1\n2\n";
    assert_int_equal(ecs_prices_read_buffer(csv, strlen(csv), "t.csv", &o, &s, &d),
                     ECS_EINVAL);
    ecs_price_options_init(&o);
    o.utc_offset_minutes = 19 * 60;
    assert_int_equal(ecs_price_options_validate(&o, NULL), ECS_EINVAL);
    ecs_price_options_init(&o);
    o.fill = (ecs_price_fill)7;
    assert_int_equal(ecs_price_options_validate(&o, NULL), ECS_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_validate),
        cmocka_unit_test(test_plain),
        cmocka_unit_test(test_semicolon_decimal_comma_bom_crlf),
        cmocka_unit_test(test_quoted_fields),
        cmocka_unit_test(test_date_period),
        cmocka_unit_test(test_wide_filter_guess),
        cmocka_unit_test(test_naive_local),
        cmocka_unit_test(test_intervals),
        cmocka_unit_test(test_bad_numbers),
        cmocka_unit_test(test_gaps_and_fill),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_utf16_and_nul),
        cmocka_unit_test(test_zones),
        cmocka_unit_test(test_time_column_never_dropped),
        cmocka_unit_test(test_rows_as_wide_as_the_header),
        cmocka_unit_test(test_utf32),
        cmocka_unit_test(test_layouts_without_stamps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
