#!/usr/bin/env python3
# Writes Python's own output for the two foreign formats hearth reimplements (issue 27), as test data.
# Run once from this folder with CPython 3 and PyYAML 6.0.3:  python3 generate.py
# It wrote float-repr.txt (Python 3.x `repr(float)`) and yaml-scalars.tsv (`yaml.safe_load` of plain scalars).
# Seeded, so running it again writes the same files.
import datetime
import random
import struct
import sys

import yaml

rng = random.Random(27)


def floats():
    """Edge cases, then random bit patterns, random decimals and random magnitudes around the repr thresholds."""
    edge = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.1 + 0.2, 1e16, 1e16 - 2, 9999999999999998.0, 1e-5, 1e-4, 0.0001,
            0.00001, 0.00009999999999999999, 1e15, 1e17, 1e21, 1e22, 1e-7, 123456789012345678.0,
            5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, sys.float_info.max,
            -sys.float_info.max, sys.float_info.epsilon, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 63, 2.0 ** 64,
            float('inf'), float('-inf'), float('nan'), 21.0, 20.5, 0.5, 1.5e300, 1.7976931348623157e308]
    yield from edge
    for _ in range(50_000):  # random finite bit patterns
        bits = rng.getrandbits(64)
        value = struct.unpack('<d', struct.pack('<Q', bits))[0]
        if value == value and value not in (float('inf'), float('-inf')):
            yield value
    for _ in range(30_000):  # random short decimals, where fixed and exponent forms meet
        digits = rng.randint(1, 17)
        mantissa = rng.randrange(10 ** (digits - 1), 10 ** digits)
        exponent = rng.randint(-12, 22) - digits
        yield float(f"{'-' if rng.random() < 0.3 else ''}{mantissa}e{exponent}")
    for _ in range(25_000):  # random doubles with magnitudes from 1e-8 to 1e20
        yield (-1) ** rng.randint(0, 1) * 10 ** rng.uniform(-8, 20)


def write_floats():
    # One repr per line: each line is both the input (float(line) reads it back exactly) and Python's output.
    with open('float-repr.txt', 'w') as out:
        for value in floats():
            out.write(repr(value) + '\n')


def yaml_texts():
    """Every alternative of each implicit resolver of PyYAML's resolver.py, in its forms, plus near-misses."""
    words = ['yes', 'no', 'true', 'false', 'on', 'off', 'y', 'n', 'null', 'nul', 'none', 'None', '~']
    for word in words:
        yield from {word, word.capitalize(), word.upper(), word[0] + word[1:].upper(), word.swapcase()}
    yield from ['', '<<', '=', '!', '&', '*', 'tRue', 'Nu', 'NULLx', 'yes ', 'o', 'O', 'ye']
    signs = ['', '-', '+']
    ints = ['0', '00', '07', '0_7', '017', '08', '09', '0b', '0b0', '0b101', '0b1_0', '0b12', '0B1', '0x', '0x0',
            '0xff', '0xFF', '0x_a_B', '0xg', '0X1', '0o17', '0_', '1', '12', '1_000', '1__0', '_1', '1_', '190:20:30',
            '1:30', '1:60', '1:5', '1:05', '1:5:', '0:30', '1::30', '1:30:', '12e3', '1e+3', '1e3', '123456789',
            '9007199254740991', '1:0', '1:59:59']
    floats = ['0.', '1.', '.', '._', '._5', '.5', '.5_', '._e+3', '.5e+3', '.5e3', '.5E-3', '1.0', '1_0.5',
              '1.5e+3', '1.5E-3', '1.5e3', '1.5e', '1.e+3', '1.5e+', '0.0', '00.5', '09.5', '1_000.000_1',
              '1__.__', '190:20:30.15', '1:30.5', '1:30.', '1:60.5', '0:30.5', '1:5.5', '.inf', '.Inf', '.INF',
              '.iNf', 'inf', '.infinity', '.nan', '.NaN', '.NAN', '.nAn', 'nan', '1e-3', '3.14159', '6.8523015e+5',
              '685.230_15e+03', '685_230.15', '1.7976931348623157e+308', '1e+400', '1_0.', '.1.', '1.2.3']
    for sign in signs:
        for text in ints + floats:
            yield sign + text
    yield from ['2001-12-14', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10 -5', '2001-12-15T02:59:43.1Z',
                '2001-12-15 2:59:43.10', '2002-12-14', '2001-1-1 1:02:03', '2001-1-1T1:02:03.', '2001-12-14  21:59:43Z',
                '2001-12-14\t21:59:43 +05:30', '2001-12-14 21:59:43 Z', '2001-12-1', '01-12-14', '2001-12-14T',
                '2001-12-14 21:59', '2001-12-14T21:59:43+5:3', '2001/12/14', '20011214']


def render(value):
    """The resolved value as the test compares it: Python's str() for numbers, isoformat for dates."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return str(value)


def write_yaml():
    # text \t tag \t value, with the text JSON-quoted so spaces, tabs and the empty text survive.
    import json
    seen = set()
    with open('yaml-scalars.tsv', 'w') as out:
        for text in yaml_texts():
            if text in seen:
                continue
            seen.add(text)
            # Resolve the text as a plain scalar the way the loader does, then construct it.
            tag = yaml.SafeLoader.resolve(yaml.SafeLoader, yaml.nodes.ScalarNode, text, (True, False))
            short = tag.rsplit(':', 1)[1]
            # merge, value and yaml have no constructor of their own in safe_load: the text is the value.
            node = yaml.nodes.ScalarNode(tag, text)
            value = text if short in ('merge', 'value', 'yaml') else yaml.SafeLoader('').construct_object(node)
            out.write(f"{json.dumps(text)}\t{short}\t{render(value)}\n")


write_floats()
write_yaml()
