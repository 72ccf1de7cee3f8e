#!/usr/bin/python3
"""validate-json.py SCHEMA FILE [--lines]: validates FILE (one JSON document, or with --lines one
per line) against the JSON Schema SCHEMA with Debian's python3-jsonschema. Prints one line per
error and exits 1 when any, else prints 'valid: N document(s)'."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
docs = [json.loads(l) for l in text.splitlines() if l.strip()] if "--lines" in sys.argv else [json.loads(text)]
validator = jsonschema.Draft202012Validator(schema)
errors = [e for d in docs for e in validator.iter_errors(d)]
for e in errors[:10]:
    print("%s: %s: %s" % (sys.argv[2], "/".join(str(p) for p in e.absolute_path), e.message))
if errors:
    sys.exit(1)
print("valid: %d document(s)" % len(docs))
