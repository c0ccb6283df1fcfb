#!/usr/bin/env python3
"""Rewrite the outputs of the examples in the given Markdown files with what
the commands print now, in the environment of tests/cli/test_examples.sh
(which says what an example is). Read the diff before committing it: every
changed figure is a changed result.

  python3 tests/update_examples.py README.md docs/reference.md
  ONLY='ecsched solve' python3 tests/update_examples.py README.md

ECSCHED (default bin/ecsched) is the binary, ECSCHED_SHARED_DATA (default
../shared/data) the shared data, ONLY a text the block's first command must
contain. Blocks with a "..." line are left alone and their output printed
(fix them by hand); blocks marked not checked are left alone."""
import os, re, subprocess, sys, tempfile, shutil
top = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
exe = os.path.abspath(os.environ.get('ECSCHED', os.path.join(top, 'bin/ecsched')))
shared = os.environ.get('ECSCHED_SHARED_DATA', os.path.join(top, '..', 'shared', 'data'))
tmp = tempfile.mkdtemp()
W = os.path.join(tmp, 'w'); os.makedirs(W + '/bin'); os.makedirs(tmp + '/path')
for d in ('data', 'tests', 'docs', 'examples'): os.symlink(os.path.join(top, d), os.path.join(W, d))
os.symlink(exe, W + '/bin/ecsched'); os.symlink(exe, tmp + '/path/ecsched')
os.makedirs(tmp + '/shared'); os.symlink(shared, tmp + '/shared/data')
env = dict(os.environ, PATH=tmp + '/path:' + os.environ['PATH'])
only = os.environ.get('ONLY')
def run_block(cmds):
    shutil.rmtree(W)
    os.makedirs(W + '/bin'); os.makedirs(W + '/out')
    for d in ('data', 'tests', 'docs', 'examples'): os.symlink(os.path.join(top, d), os.path.join(W, d))
    os.symlink(exe, W + '/bin/ecsched')
    outs = []; last = 0
    for c in cmds:
        r = subprocess.run(['stdbuf', '-oL', '-eL', 'sh', '-c', '(exit %d); %s' % (last, c)], cwd=W, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        last = r.returncode
        outs.append(r.stdout.decode('utf-8', 'replace').rstrip('\n').split('\n') if r.stdout else [])
    return outs
for f in sys.argv[1:]:
    L = open(f).read().split('\n'); out = []; i = 0
    while i < len(L):
        l = L[i]
        if l.startswith('```'):
            j = i + 1
            while not L[j].startswith('```'): j += 1
            blk = L[i+1:j]
            prev = next((x for x in reversed(out) if x != ''), '')
            if blk and blk[0].startswith('$ ') and 'not checked' not in prev and (not only or only in blk[0]):
                cmds = []; k = 0
                while k < len(blk):
                    if blk[k].startswith('$ '):
                        c = [blk[k]]
                        while c[-1].endswith('\\'): k += 1; c.append(blk[k])
                        cmds.append(c)
                    k += 1
                outs = run_block(['\n'.join(c)[2:] for c in cmds])
                if '...' in blk:
                    print('=== %s:%d has "..."; printed now:' % (f, i + 1))
                    for c, o in zip(cmds, outs): print('\n'.join(c)); print('\n'.join(o))
                    out.extend(L[i:j+1])
                else:
                    new = []
                    for c, o in zip(cmds, outs): new.extend(c); new.extend(o)
                    if new != blk: print('updated %s:%d %s' % (f, i + 1, blk[0][:80]))
                    out.append(l); out.extend(new); out.append(L[j])
                i = j + 1; continue
            out.extend(L[i:j+1]); i = j + 1; continue
        out.append(l); i += 1
    open(f, 'w').write('\n'.join(out))
shutil.rmtree(tmp)
