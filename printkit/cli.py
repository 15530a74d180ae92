"""The printkit command line. Each command lives in printkit/commands/<name>.py.

Exit codes are a contract scripts rely on: 0 success, 1 a finding or a mismatch (verify, scan,
audit), 2 bad input or a refused action (one line on stderr naming the file, line or option),
70 a bug in printkit itself (one line too; PRINTKIT_DEBUG=1 shows the traceback), 74 the
output could not be written (a full disk, an I/O error: the user's world, not a bug), 130
Ctrl-C, 141 the reader of the output went away (`| head`: quietly, as a shell's SIGPIPE).
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import inspect
import os
import signal
import sys
from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

from printkit import __version__
from printkit.errors import UserError
from printkit.text import one_line
from printkit_engine.errors import ReadError

if TYPE_CHECKING:
    from typer._click import Context as ClickContext  # what TyperGroup's methods are given

# command name -> its module in printkit/commands (which registers it), in the help's order
COMMANDS = {
    "list": "listing",
    "render": "render",
    "kit": "kit",
    "verify": "verify",
    "playbook": "playbook",
    "scan": "scan",
    "simulate": "simulate",
    "odds": "odds",
    "classroom": "classroom",
    "audit": "audit",
    "serve": "serve",
}
EXIT_BUG = 70
EXIT_OUTPUT = 74           # sysexits' EX_IOERR: the output could not be written
EXIT_PIPE = 141            # 128 + SIGPIPE, what a shell reports for a reader gone away
# what writing the output (standard output, in the end) can meet that is not a bug
OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})


def command_info(name: str) -> CommandInfo:
    """What `printkit.commands.<module>.register` registers as `name` (its function, help,
    options), without building the click command."""
    sub = typer.Typer()
    importlib.import_module(f"printkit.commands.{COMMANDS[name]}").register(sub)
    found = [info for info in sub.registered_commands if info.name == name]
    if len(found) != 1:
        raise LookupError(f"printkit.commands.{COMMANDS[name]} does not register {name!r}")
    return found[0]


class LazyCommands(MutableMapping):
    """The commands by name (COMMANDS order), each built into a click command when first
    looked up: click and Typer list, resolve, suggest ("did you mean") and complete through
    this mapping without building the commands they do not touch."""

    def __init__(self) -> None:
        self.infos: dict[str, CommandInfo] = {}
        self._built: dict[str, Any] = {}

    def info(self, name: str) -> CommandInfo:
        if name not in self.infos:
            self.infos[name] = command_info(name)
        return self.infos[name]

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            if name not in COMMANDS:
                raise KeyError(name)
            self._built[name] = typer.main.get_command_from_info(
                self.info(name), pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode)
        return self._built[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError("printkit's commands are fixed (COMMANDS)")

    def __iter__(self) -> Iterator[str]:
        yield from COMMANDS
        yield from (name for name in self._built if name not in COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS) + sum(name not in COMMANDS for name in self._built)


class LazyGroup(TyperGroup):
    """The command group, building a command only when it is run, completed or asked for.

    Typer turns every option of every command into click parameters (signatures, type hints,
    converters) before it does anything; `printkit --help` and `printkit verify` need one
    command or none of that, so start-up pays for what it uses. The command list of
    `printkit --help` is made from what each command registers (its docstring), shortened
    exactly as click shortens it.
    """

    commands: LazyCommands

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        eager, self.commands = self.commands, LazyCommands()
        self.commands.update(eager)         # any command registered on `app` directly

    def list_commands(self, ctx: ClickContext) -> list[str]:
        return list(self.commands)          # names only (Typer's own asks for every command)

    def format_commands(self, ctx: ClickContext, formatter: Any) -> None:
        shells = {}
        for name in self.list_commands(ctx):
            info = self.commands.info(name) if name in COMMANDS else None
            if info is None:
                command = self.commands[name]
            else:
                command = TyperCommand(name, help=inspect.cleandoc(info.help) if info.help
                                       else inspect.getdoc(info.callback),
                                       short_help=info.short_help, hidden=info.hidden,
                                       deprecated=info.deprecated)
            if not command.hidden:
                shells[name] = command
        if shells:
            limit = formatter.width - 6 - max(map(len, shells))
            with formatter.section("Commands"):
                formatter.write_dl([(n, cmd.get_short_help_str(limit))
                                    for n, cmd in shells.items()])


app = typer.Typer(
    name="printkit",
    help="Print-and-play materials, seeded play books and record audits for paper football.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
    rich_markup_mode=None,
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Print-and-play materials, seeded play books and record audits for paper football."""


def _usage_message(exc: typer.TyperException) -> str:
    ctx = getattr(exc, "ctx", None)
    sub = ctx is not None and ctx.parent is not None and ctx.info_name
    where = f"{ctx.info_name}: " if sub and ctx is not None else ""
    return one_line(f"{where}{exc.format_message()}")


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt     # unwinds like Ctrl-C: staged files are removed on the way out


def main(argv: list[str] | None = None) -> None:
    """Console entry point: bad input is one line on stderr and exit 2, never a traceback."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminate)
    try:
        try:
            code = app(args=argv, prog_name="printkit", standalone_mode=False)
        finally:
            sys.stdout.flush()      # a full disk or a closed pipe shows here, not at exit
    except (UserError, ReadError) as exc:
        typer.echo(f"printkit: error: {one_line(str(exc))}", err=True)
        sys.exit(2)
    except typer.TyperException as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            typer.echo(ctx.get_help())
            sys.exit(0)
        typer.echo(f"printkit: error: {_usage_message(exc)}", err=True)
        sys.exit(2 if exc.exit_code == 2 else exc.exit_code)
    except typer.Abort:
        typer.echo("printkit: aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        typer.echo("printkit: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        _quiet_stdout()         # a reader that went away (`| head`): nothing left to say
        sys.exit(EXIT_PIPE)
    except SystemExit:
        # Typer meets a closed pipe inside a command itself: it wraps the streams (click's
        # PacifyFlushWrapper) and exits 1, which for verify would read as "findings"
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _quiet_stdout()
            sys.exit(EXIT_PIPE)
        raise
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRNOS:
            _bug(exc)
        _quiet_stdout()
        with contextlib.suppress(OSError):
            sys.stderr.write(f"printkit: error: cannot write the output: "
                             f"{exc.strerror or exc}\n")
            sys.stderr.flush()
        sys.exit(EXIT_OUTPUT)
    except Exception as exc:   # noqa: BLE001 - the last line of defence: never a traceback
        _bug(exc)
    sys.exit(code if isinstance(code, int) else 0)


def _quiet_stdout() -> None:
    """Standard output that cannot be written any more: what is left in its buffer is
    dropped, so the interpreter's exit does not try again and print a stray message."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _bug(exc: BaseException) -> NoReturn:
    """A bug in printkit: one line, exit 70 (PRINTKIT_DEBUG=1 raises it for the traceback)."""
    if os.environ.get("PRINTKIT_DEBUG"):
        raise exc
    typer.echo(f"printkit: internal error, please report: {type(exc).__name__}: "
               f"{one_line(str(exc))} (a bug in printkit; PRINTKIT_DEBUG=1 shows the "
               "traceback)", err=True)
    sys.exit(EXIT_BUG)
