"""The teacher's page (`printkit serve`): the class flow in a browser on the teacher's laptop.

An ASGI app (app.py) over a class folder: SQLite state beside the files (store.py), forms
read by a small multipart reader with limits (forms.py), uploads sniffed by their content
(sniff.py), pages rendered on the server (pages.py), the class flow itself called through the
same library as `printkit classroom` and `printkit audit` (flow.py). No logic of its own
beyond storing and showing.
"""
