"""The ``pref`` command line: one subcommand per question, each in ``solver/commands/``.

Errors in the input print one line on stderr and exit with status 2; output that cannot be
written (a full disk, a closed stdout) one line and 3; Ctrl-C exits with 130 without a
traceback.  Every subcommand that answers a question takes ``--json``; those that print
cards take ``--style symbols|ascii|russian``.  On a
console or file encoding that cannot show suit symbols or Cyrillic, the output is written in
ASCII instead (``solver.console``), and ``--json`` with ``\\u`` escapes: the same data.
"""

from __future__ import annotations

import os
import sys

# Nothing else is imported here: the ``pref`` script imports this module before ``main()``
# runs, and a Ctrl-C while numpy loads must reach main()'s handler, not print a traceback.
TYPE_CHECKING = False    # True to type checkers (as typing's, without importing typing)
if TYPE_CHECKING:
    import argparse

# Subcommands in the order ``pref --help`` lists them; each is solver/commands/<name>.py
# with ``register(subparsers)`` that adds its parser and sets ``func``.
COMMANDS = (
    "demo", "show", "deal", "solve", "review", "discard", "table", "odds", "order", "raspasy",
    "tenner", "preferans", "whist",
    "batch", "score",
)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``pref``: every subcommand, or only ``command``'s when the arguments
    begin with it (``main`` asks so).  A subcommand's module loads what it needs (the batch
    tasks, the scoring, the engines), so loading one instead of all fifteen starts
    ``pref show`` or ``pref solve`` about a third sooner; ``pref --help`` and anything not
    beginning with a command still build them all."""
    import argparse
    import importlib

    class StoreOnce(argparse._StoreAction):
        """An option that takes a value is given once: ``-d 1 … -d 2`` is refused, not the
        last one taken (``--play "7♣ A♣" --play "Q♣"`` dropped the first two cards)."""

        def __call__(self, parser, namespace, values, option_string=None):
            given = namespace.__dict__.setdefault("_given_once", set())
            if self.dest in given:
                raise argparse.ArgumentError(self, "given twice: give it once")
            given.add(self.dest)
            super().__call__(parser, namespace, values, option_string)

    class Parser(argparse.ArgumentParser):
        """An argument that begins with '-' and then no letter, digit or '-' is a value, not
        an option: a deal, hand or pool whose first suit is void, written '-' (``-.AK7.7.7``,
        ``--pool -.A8.K.Q``), which argparse took for an unknown option ("the following
        arguments are required: deal")."""

        _commands: dict[str, Parser]    # the subcommands' parsers, by name

        def _parse_optional(self, arg_string):
            if (len(arg_string) > 1 and arg_string[0] == "-"
                    and not (arg_string[1].isascii()
                             and (arg_string[1].isalnum() or arg_string[1] == "-"))):
                return None
            return super()._parse_optional(arg_string)

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.register("action", None, StoreOnce)
            self.register("action", "store", StoreOnce)

        def parse_known_args(self, args=None, namespace=None):
            namespace, rest = super().parse_known_args(args, namespace)
            namespace.__dict__.pop("_given_once", None)
            return namespace, rest

        def parse_args(self, args=None, namespace=None):
            """Arguments left over are the subcommand's error (``pref solve D --bogus 1`` said
            ``pref: error: …`` and pointed at ``pref --help``), but an unknown option before
            the subcommand is ``pref``'s (``pref --bogus solve …`` blamed ``solve``)."""
            args = sys.argv[1:] if args is None else list(args)
            self._check_text(args)
            for arg in args:
                if arg == "--" or not arg.startswith("-") or self._parse_optional(arg) is None:
                    break                       # the subcommand, or a value: pref's part ends
                key = arg.split("=", 1)[0]      # --vers abbreviates --version
                if not any(option.startswith(key) for option in self._option_string_actions):
                    self.error(f"unrecognized arguments: {arg}")
            namespace, rest = self.parse_known_args(args, namespace)
            if rest:
                command = self._commands.get(getattr(namespace, "command", None), self)
                hint = getattr(command, "leftover_hint", None)
                note = hint(rest, namespace) if hint is not None else None
                command.error(f"unrecognized arguments: {' '.join(rest)}"
                              + (f"; {note}" if note else ""))
            return namespace

        def _check_text(self, args):
            """A script's Windows line end is named as such: the last argument of a line
            ending in '\\r' was an unknown ``--json`` or "a seat is 0, 1 or 2, not '1\\r'"."""
            for number, arg in enumerate(args, 1):
                if arg.endswith("\r"):
                    self.error(f"argument {number} ({arg[:-1]!r}) ends in a carriage return: "
                               "the script that passed it has Windows line ends (CRLF); save "
                               "it with LF line ends")

        def _print_message(self, message, file=None):
            """``--help`` and ``--version`` on stdout: a write that fails is reported as every
            answer's is (argparse swallowed the error: ``pref --help > /dev/full`` exited 0
            when stdout is unbuffered)."""
            if message and file is None and sys.stdout is None:     # `pref --help >&-`
                raise OSError("standard output is closed: nowhere to write it")
            if message and file is not None and file is sys.stdout:
                file.write(message)
            else:
                super()._print_message(message, file)

        def error(self, message):
            """A usage error is one line, as every other input error (argparse printed the
            whole usage synopsis before it): what is wrong and where the options are listed."""
            if message == "argument --misere: expected one argument":   # odds' is a flag
                message += ", the мизер player's seat (--misere 1)"
            self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")

    parser = Parser(
        prog="pref",
        description="Double-dummy solver and analysis toolkit for preferans.",
    )
    from . import __version__
    parser.add_argument("--version", action="version", version=f"pref-solver {__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    parser._commands = sub.choices
    for name in COMMANDS if command not in COMMANDS else (command,):
        try:
            module = importlib.import_module(f".commands.{name}", __package__)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.commands.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    if sys.stderr is None:      # `pref … 2>&-`: print(file=None) and argparse write to stdout
        sys.stderr = open(os.devnull, "w")
    try:
        from .console import readable_output
        readable_output()
        words = sys.argv[1:] if argv is None else argv
        parser = build_parser(words[0] if words else None)   # loads numpy and the engines
    except KeyboardInterrupt:
        try:
            print("pref: interrupted", file=sys.stderr)
        except OSError:
            pass
        return 130
    from .notation import output_style
    try:
        args = parser.parse_args(argv)
    except SystemExit:          # --help written, or a usage error
        _flush_for_argparse()
        raise
    except OSError as exc:      # --help or --version could not be written
        _write_failed(exc)
    from .console import say
    from .errors import PrefError
    try:
        _check_utf8(args)
        for name in ("deal", "cards"):          # `pref show D | pref solve - …`
            if getattr(args, name, None) == "-":
                setattr(args, name, _read_stdin(name, args.command))
    except PrefError as exc:
        say(f"pref {args.command}: error: {exc}")
        return 2
    if hasattr(args, "style") and args.style is None:      # for people: the input's alphabet
        from .commands._args import input_style             # for programs (--json): symbols
        args.style = "symbols" if getattr(args, "json", False) else input_style(args)
    with output_style(getattr(args, "style", None) or "symbols"):   # errors too
        return _run(args)


_PATHS = frozenset({"input", "output", "file"})
"""The arguments that name files: any bytes (a file's name is opened, not read as cards)."""


def _check_utf8(args) -> None:
    """An argument the shell could not read as UTF-8 text (a cp1251 script's deal) is named
    as such: it was "unknown rank '\\udcd2'"."""
    from .errors import InvalidArgumentError
    for dest, value in vars(args).items():
        if dest in _PATHS or not isinstance(value, str):
            continue
        byte = next((ord(c) - 0xDC00 for c in value if "\udc80" <= c <= "\udcff"), None)
        if byte is not None:
            what = f"the {dest}" if dest in ("deal", "cards") else f"--{dest.replace('_', '-')}"
            raise InvalidArgumentError(
                f"{what} is not UTF-8 text (a byte 0x{byte:02X}): the script or terminal that "
                f"passed it writes another encoding (cp1251?); save the script as UTF-8")


def _read_stdin(name: str, command: str) -> str:
    """The ``deal`` (or ``cards``) argument ``-``: standard input's text (what `pref show`
    printed, a deal line, a drawing pasted into a file), UTF-8 or in the console's encoding
    (a pipe on Windows carries its code page)."""
    from .errors import InvalidArgumentError
    if sys.stdin is None:
        raise InvalidArgumentError("standard input is closed: nothing to read")
    from .progress import is_terminal
    if is_terminal(sys.stdin):
        end = "Ctrl-Z, Enter" if sys.platform == "win32" else "Ctrl-D"
        print(f"pref {command}: reading the {name} from the terminal (end with {end})",
              file=sys.stderr)
    raw = getattr(sys.stdin, "buffer", None)
    data = raw.read(1 << 20) if raw is not None else sys.stdin.read(1 << 20)
    if isinstance(data, bytes):
        raw_data = data
        try:
            data = raw_data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            import codecs
            console = getattr(sys.stdin, "encoding", None) or "utf-8"
            try:
                if codecs.lookup(console).name == "utf-8":
                    raise LookupError(console)
                data = raw_data.decode(console)
            except (UnicodeDecodeError, LookupError):
                raise InvalidArgumentError(
                    f"standard input is not UTF-8 text (a byte 0x{raw_data[exc.start]:02X}): the "
                    f"{name} is read as UTF-8 (or in the console's encoding, "
                    f"{console})") from None
    if not data.strip():
        raise InvalidArgumentError(f"standard input is empty: give the {name} there or as the "
                                   f"argument")
    return data


def _run(args) -> int:
    from .console import say
    from .errors import PrefError
    try:
        if sys.stdout is None and getattr(args, "output", None) is None:  # `pref … >&-`
            raise OSError("standard output is closed: nowhere to write the answer")
        status = int(args.func(args) or 0)
        if sys.stdout is not None:
            sys.stdout.flush()          # a full disk shows here, not at exit
        return status
    except PrefError as exc:
        say(f"pref {args.command}: error: {exc}")
        return 2
    except KeyboardInterrupt:
        say(f"pref {args.command}: interrupted")
        return 130
    except BrokenPipeError:             # `pref … | head`: the reader has what it wanted
        _quiet_stdout()
        return 0
    except OSError as exc:              # output (or a file) could not be written
        _quiet_stdout()
        where = f" {exc.filename}" if exc.filename else ""
        say(f"pref {args.command}: error: cannot write{where}: {exc.strerror or exc}"
            if exc.errno is not None else f"pref {args.command}: error: {exc}")
        return 3


def _flush_for_argparse() -> None:
    """Write what argparse left in stdout's buffer (``--help``) before the exit, so that a
    reader already gone (``pref --help | true``) or a full disk is reported as every other
    answer's is: argparse swallows its write errors and the interpreter's last flush printed
    "Exception ignored … BrokenPipeError" and exited with status 120."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as exc:
        _write_failed(exc)


def _write_failed(exc: OSError) -> None:
    """argparse's text not written: a reader gone is no error (status 0), anything else one
    line and status 3."""
    from .console import say
    _quiet_stdout()
    if isinstance(exc, BrokenPipeError):
        raise SystemExit(0) from None
    say(f"pref: error: cannot write: {exc.strerror or exc}")
    raise SystemExit(3) from None


def _quiet_stdout() -> None:
    """Stdout pointed at /dev/null, so the interpreter's last flush of a broken stdout adds no
    'Exception ignored' message after ours."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, AttributeError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
