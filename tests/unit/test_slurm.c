/* ecs_slurm_export (ecsched/slurm.h) on schedules built by hand, the
 * WfFormat commands (ecs_wfformat_commands) and the document's slot
 * offsets (ecs_doc_model_slot_offsets). */
#include "testutil.h"

#include "ecsched/document.h"
#include "ecsched/graphio.h"
#include "ecsched/slurm.h"

/* Tasks 1, 2 -> 3 (works 2, 1, 2) on F = {1, 0.5, 0}, 2 PEs: task 1 on
 * PE 0 in slots 0..1 at f = 1, task 2 on PE 1 in slots 0..1 at 0.5, task 3
 * on PE 0 in slots 2..5 at 1, 0, 0.5, 0.5. */
typedef struct fixture {
    ecs_graph *g;
    ecs_schedule *s;
    ecs_platform p;
    long long boundary[8];
    long khz[ECS_MAX_FREQS];
    ecs_slurm_input in;
    ecs_slurm_params par;
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    long id[] = {1, 2, 3}, work[] = {2, 1, 2};
    ecs_edge e[] = {{0, 2, 0}, {1, 2, 0}};
    assert_int_equal(ecs_graph_build(3, id, work, NULL, 2, e, 0, &f->g, NULL), ECS_OK);
    ecs_platform_init(&f->p);
    assert_int_equal(ecs_platform_set_freqs(&f->p, "1,0.5,0", NULL), ECS_OK);
    assert_int_equal(ecs_platform_set_pes(&f->p, 2, NULL), ECS_OK);
    f->s = ecs_schedule_new(3);
    assert_non_null(f->s);
    unsigned char f3[] = {0, 2, 1, 1};
    assert_int_equal(ecs_schedule_place(f->s, 0, 0, 0, 1, NULL, 0), ECS_OK);
    assert_int_equal(ecs_schedule_place(f->s, 1, 1, 0, 1, NULL, 1), ECS_OK);
    assert_int_equal(ecs_schedule_place(f->s, 2, 0, 2, 5, f3, 0), ECS_OK);
    for (int l = 0; l < 8; l++)
        f->boundary[l] = 3600LL * l;
    f->khz[0] = 2000000;
    f->khz[1] = 1000000;
    f->in = (ecs_slurm_input){.doc = "doc.json", .g = f->g, .s = f->s, .p = &f->p,
                              .boundary = f->boundary, .nboundary = 8,
                              .has_clock = 1, .slot0_utc = 1767225600,
                              .zone_minutes = 60, .khz = f->khz};
    ecs_slurm_params_init(&f->par);
}

static void fixture_free(fixture *f)
{
    ecs_schedule_free(f->s);
    ecs_graph_free(f->g);
}

static const char *file_text(const ecs_slurm_files *fs, const char *name)
{
    for (size_t k = 0; k < fs->n; k++)
        if (strcmp(fs->file[k].name, name) == 0)
            return fs->file[k].text;
    return NULL;
}

static void test_params(void **state)
{
    (void)state;
    ecs_slurm_params p;
    ecs_slurm_params_init(&p);
    assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_OK);
    assert_string_equal(p.command, "sleep {seconds}");
    p.command = "run {task}";
    ecs_diag d;
    assert_int_equal(ecs_slurm_params_validate(&p, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "'{task}' is no placeholder"));
    p.command = "echo ${HOME} {id} {seconds} {slots} {work} {\"json\": 1}";
    assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_OK);
    p.freq_command = "set {id}";
    assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_EINVAL);
    ecs_slurm_params_init(&p);
    p.time_scale = 0;
    assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_EINVAL);
    ecs_slurm_params_init(&p);
    const char *good[] = {"now", "now+60", "@1767225600"};
    const char *bad[] = {"later", "now-5", "@", "now+x", "2026-01-01"};
    for (size_t k = 0; k < 3; k++) {
        p.origin = good[k];
        assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_OK);
    }
    for (size_t k = 0; k < 5; k++) {
        p.origin = bad[k];
        assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_EINVAL);
    }
    p.origin = NULL;
    p.partition = "a b";
    assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_EINVAL);
    p.partition = NULL;
    p.job_prefix = "x;rm";
    assert_int_equal(ecs_slurm_params_validate(&p, NULL), ECS_EINVAL);
}

static void test_export(void **state)
{
    (void)state;
    fixture f;
    fixture_init(&f);
    ecs_slurm_files fs;
    ecs_diag d;
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_OK);
    assert_int_equal(fs.n, 5); /* submit.sh, plan.tsv, 3 jobs */
    assert_int_equal(fs.jobs, 3);
    assert_int_equal(fs.dependencies, 2);
    assert_int_equal(fs.switching, 1);
    const char *sub = file_text(&fs, "submit.sh");
    assert_non_null(sub);
    const char *j1 = strstr(sub, "j1=$(sub 1 0 7200 \"\")");
    const char *j2 = strstr(sub, "j2=$(sub 2 0 7200 \"\")");
    const char *j3 = strstr(sub, "j3=$(sub 3 7200 21600 \"$j1:$j2\")");
    assert_true(j1 && j2 && j3 && j1 < j2 && j2 < j3);
    assert_non_null(strstr(sub, ": \"${ECSCHED_ORIGIN:=1767225600}\""));
    assert_non_null(strstr(sub, "2026-01-01 03:00 +01:00")); /* slot 2 at +01:00 */
    const char *t1 = file_text(&fs, "task-1.sh");
    assert_non_null(strstr(t1, "#SBATCH --cpu-freq=2000000\n"));
    assert_non_null(strstr(t1, "\nsleep 7200\n"));
    assert_null(strstr(t1, "--nodelist"));
    assert_non_null(strstr(file_text(&fs, "task-2.sh"), "#SBATCH --cpu-freq=1000000\n"));
    const char *t3 = file_text(&fs, "task-3.sh");
    assert_null(strstr(t3, "--cpu-freq"));
    assert_non_null(strstr(t3, "  cpupower frequency-set -f 2000000  # slot 2"));
    assert_non_null(strstr(t3, "at 10800; upto 14400 && kill -s STOP -- -\"$task\""));
    /* started late, inside its wait: it starts at the wait's end */
    assert_non_null(strstr(t3, "\n  if ! upto 10800 && upto 14400; then at 14400; fi"));
    assert_true(strstr(t3, "then at 14400") < strstr(t3, "setsid"));
    /* the switcher waits for the task's group before its first STOP */
    const char *grp = strstr(t3, "  (\n    until kill -s 0 -- -\"$task\" 2>/dev/null");
    assert_non_null(grp);
    assert_true(grp < strstr(t3, "kill -s STOP"));
    assert_non_null(strstr(t3, "at 14400; kill -s CONT -- -\"$task\"; cpupower frequency-set -f 1000000"));
    assert_non_null(strstr(file_text(&fs, "plan.tsv"), "\n3\t0\t\t2\t5\t7200\t21600\t1,2\n"));
    ecs_slurm_files_release(&fs);

    /* scaled, nodes, another template */
    const char *node[] = {"n0", "n1"};
    f.in.node = node;
    f.par.time_scale = 3600;
    f.par.command = "work {id} {work} {slots}";
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_OK);
    assert_non_null(strstr(file_text(&fs, "task-2.sh"), "#SBATCH --nodelist=n1\n"));
    assert_non_null(strstr(file_text(&fs, "task-3.sh"), "\nwork 3 2 4\n"));
    assert_non_null(strstr(file_text(&fs, "task-3.sh"), "at 3; upto 4 && kill -s STOP"));
    assert_non_null(strstr(file_text(&fs, "submit.sh"), "j3=$(sub 3 2 6 \"$j1:$j2\")"));
    ecs_slurm_files_release(&fs);

    /* a task that waits only at its start: no empty switcher */
    unsigned char lead[] = {2, 1, 1, 1};
    assert_int_equal(ecs_schedule_place(f.s, 2, 0, 2, 5, lead, 0), ECS_OK);
    f.par.time_scale = 1;
    f.in.node = NULL;
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_OK);
    const char *t3l = file_text(&fs, "task-3.sh");
    assert_non_null(strstr(t3l, "  at 10800  # the first slot at f > 0\n"
                                "  cpupower frequency-set -f 1000000"));
    assert_non_null(strstr(t3l, "  (\n    :  # nothing to switch"));
    assert_null(strstr(t3l, "kill -s"));
    assert_null(strstr(t3l, "until kill -s 0"));
    assert_null(strstr(t3l, "upto"));
    ecs_slurm_files_release(&fs);
    unsigned char back[] = {0, 2, 1, 1};
    assert_int_equal(ecs_schedule_place(f.s, 2, 0, 2, 5, back, 0), ECS_OK);
    f.in.node = node;

    /* errors: the files stay empty */
    f.par.time_scale = 7;
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "not a whole number of seconds"));
    assert_int_equal(fs.n, 0);
    f.par.time_scale = 1;
    const char *half[] = {"n0", NULL};
    f.in.node = half;
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "task 2 runs on PE 1, which has no node"));
    f.in.node = NULL;
    f.khz[1] = 0;
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "task 2 runs at f = 0.5 on PE 1, which has no kHz"));
    f.khz[1] = 1000000;
    f.in.has_clock = 0;
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_EINVAL);
    f.par.origin = "now+10";
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_OK);
    assert_non_null(strstr(file_text(&fs, "submit.sh"),
                           ": \"${ECSCHED_ORIGIN:=$(($(date +%s) + 10))}\""));
    ecs_slurm_files_release(&fs);
    /* task 3 before its predecessor ends: not a schedule to run */
    unsigned char f3[] = {0, 0};
    assert_int_equal(ecs_schedule_place(f.s, 2, 0, 1, 2, f3, 0), ECS_OK);
    assert_int_equal(ecs_slurm_export(&f.in, &f.par, &fs, &d), ECS_EINVAL);
    assert_non_null(strstr(d.msg, "task 3 starts before its predecessor"));
    ecs_slurm_files_release(&fs);
    fixture_free(&f);
}

static void test_wfformat_commands(void **state)
{
    (void)state;
    const char *text =
        "{\"workflow\": {\"specification\": {\"tasks\": ["
        "{\"id\": \"a\", \"parents\": [], \"children\": [\"b\"]},"
        "{\"id\": \"b\", \"parents\": [\"a\"], \"children\": []}]},"
        "\"execution\": {\"tasks\": ["
        "{\"id\": \"b\", \"runtimeInSeconds\": 5},"
        "{\"id\": \"a\", \"runtimeInSeconds\": 3, \"command\": "
        "{\"program\": \"run\", \"arguments\": [\"-x\", \"in.txt\"]}}]}}}";
    size_t n;
    long *id;
    char **cmd;
    assert_int_equal(ecs_wfformat_commands(text, strlen(text), "w.json", &n, &id,
                                           &cmd, NULL), ECS_OK);
    assert_int_equal(n, 2);
    ecs_graph *g = NULL;
    assert_int_equal(ecs_wfformat_read_buffer(text, strlen(text), "w.json", 1, &g, NULL),
                     ECS_OK);
    /* the reader's ids: a is task 0, b task 1 */
    assert_int_equal(id[0], g->id[0]);
    assert_int_equal(id[1], g->id[1]);
    assert_string_equal(cmd[0], "run -x in.txt");
    assert_null(cmd[1]);
    ecs_graph_free(g);
    ecs_wfformat_commands_free(n, id, cmd);
    ecs_diag d;
    assert_int_equal(ecs_wfformat_commands("{", 1, "w.json", &n, &id, &cmd, &d),
                     ECS_EPARSE);
    assert_null(cmd);
}

static void test_slot_offsets(void **state)
{
    (void)state;
    ecs_doc_model dm;
    memset(&dm, 0, sizeof dm);
    long long *b = NULL;
    assert_int_equal(ecs_doc_model_slot_offsets(&dm, "d.json", 3, &b, NULL), ECS_EINVAL);
    dm.slot_minutes = 15;
    assert_int_equal(ecs_doc_model_slot_offsets(&dm, "d.json", 3, &b, NULL), ECS_OK);
    assert_int_equal(b[0], 0);
    assert_int_equal(b[2], 1800);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_export),
        cmocka_unit_test(test_wfformat_commands),
        cmocka_unit_test(test_slot_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
