#!/usr/bin/env python3
"""Adds lock entries for other platforms' optional binaries that `npm install` left out.

The registry reachable from our machines does not serve some platform packages (e.g. biome's and rollup's
darwin/win32/musl binaries), so `npm install` records no lock entry for them and `npm ci` then refuses the
lock. This asks `npm ci --dry-run` which ones are missing and adds entries naming their os/cpu/libc, so npm
skips them on platforms they are not for. Run after any dependency change:  python3 .ci/complete-lockfile.py
"""
import json
import re
import subprocess
import sys

LOCK = 'package-lock.json'
out = subprocess.run(['npm', 'ci', '--dry-run'], capture_output=True, text=True)
missing = sorted({m.rstrip('@') for m in re.findall(r'Missing: (\S+?)@?\s+from lock file', out.stdout + out.stderr)})
if not missing:
    print('lock file complete')
    sys.exit(0)

lock = json.load(open(LOCK))
packages = lock['packages']


def platform(name):
    parts = re.sub(r'^(cli|rollup|binding)-', '', name.split('/')[-1]).split('-')
    os_, cpu, rest = parts[0], parts[1] if len(parts) > 1 else None, parts[2:]
    libc = None
    if os_ == 'linux':
        libc = 'musl' if any(r.startswith('musl') for r in rest) else 'glibc'
    return os_, cpu, libc


for name in missing:
    parent = next((e for e in packages.values() if name in e.get('optionalDependencies', {})), None)
    if parent is None:
        sys.exit(f'no package declares {name} as optional: not a platform binary, fix by hand')
    os_, cpu, libc = platform(name)
    entry = {'version': parent['optionalDependencies'][name], 'cpu': [cpu], 'optional': True, 'os': [os_]}
    if parent.get('dev'):
        entry['dev'] = True
    if libc:
        entry['libc'] = [libc]
    packages[f'node_modules/{name}'] = entry

lock['packages'] = dict(sorted(packages.items(), key=lambda kv: (kv[0] != '', kv[0])))
with open(LOCK, 'w') as f:
    json.dump(lock, f, indent=2)
    f.write('\n')
print(f'added {len(missing)} entries')
