"""Find a catalogue formula by id and describe it: parameters with their domains, readings, citation.

What ``regretlab formula`` prints. The parameters and domains come from each function's numpydoc
``Parameters`` section, parsed with ``docstring_parser``; a parameter documented as "As in :func:`f`" takes
``f``'s entry. The signature supplies defaults. Nothing here evaluates a formula.
"""

from __future__ import annotations

import fnmatch
import importlib
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from regretlab._validate import match_name

from ._registry import FORMULAS, NOT_EXECUTABLE, paper_module, public_path

__all__ = ["Parameter", "FormulaInfo", "resolve_id", "describe", "matching_ids", "parameters", "plain"]

_AS_IN = re.compile(r"^[Aa]s in :func:`(\w+)`")
_MATH = re.compile(r":math:`([^`]*)`")
_FUNC = re.compile(r":func:`~?([\w.]+)`")
#: LaTeX commands shown as Unicode in a terminal (only the ones the docstrings' domains use).
_SYMBOLS = {
    r"\ge": "≥", r"\le": "≤", r"\in": "∈", r"\infty": "∞", r"\times": "×", r"\cdot": "·", r"\ldots": "…",
    r"\alpha": "α", r"\beta": "β", r"\gamma": "γ", r"\Gamma": "Γ", r"\delta": "δ", r"\epsilon": "ε",
    r"\eta": "η", r"\theta": "θ", r"\kappa": "κ", r"\lambda": "λ", r"\mu": "μ", r"\nu": "ν", r"\pi": "π",
    r"\rho": "ρ", r"\sigma": "σ", r"\tau": "τ", r"\zeta": "ζ", r"\ell": "ℓ", r"\|": "‖", r"\sum": "Σ",
    r"\sqrt": "√", r"\max": "max", r"\min": "min", r"\log": "log", r"\exp": "exp", r"\mathcal": "",
    r"\mathbf": "", r"\mathrm": "", r"\left": "", r"\right": "",
    r"\to": "→", r"\omega": "ω", r"\Omega": "Ω", r"\dots": "…", r"\cdots": "…", r"\Pr": "Pr",
    r"\sup": "sup", r"\inf": "inf", r"\partial": "∂", r"\tilde": "~", r"\hat": "^", r"\xi": "ξ",
    r"\phi": "φ", r"\psi": "ψ", r"\chi": "χ", r"\Delta": "Δ", r"\Sigma": "Σ", r"\prod": "∏",
    r"\neq": "≠", r"\approx": "≈", r"\mid": "|", r"\quad": " ", r"\qquad": " ",
    r"\varphi": "φ", r"\int": "∫", r"\subset": "⊂", r"\dim": "dim", r"\top": "ᵀ",
}
#: Blackboard sets shown as their Unicode letters (``\mathbb N`` -> ℕ).
_BLACKBOARD = {"N": "ℕ", "R": "ℝ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ"}
_COMMAND = re.compile(r"\\[A-Za-z]+|\\\|")


@dataclass(frozen=True)
class Parameter:
    """One keyword parameter of a formula: its name, documented type and domain, and default."""

    name: str
    kind: str
    domain: str
    default: object = inspect.Parameter.empty

    @property
    def required(self) -> bool:
        return self.default is inspect.Parameter.empty


@dataclass(frozen=True)
class FormulaInfo:
    """What a reader needs to call a catalogue formula (see :func:`describe`).

    Everything but the id and the not-executable reason is read off the function that ``@formula`` declared;
    the parameters (parsed from the docstring) only when asked for.
    """

    id: str
    function: Callable | None
    not_executable: str | None = None

    @property
    def citation(self) -> str:
        return self.function.citation if self.function else ""

    @property
    def readings(self) -> dict:
        """reading -> LaTeX as printed (key None for a formula without readings)."""
        return dict(self.function.latex_readings) if self.function else {}

    @property
    def reading_parameter(self) -> str | None:
        return self.function.reading_parameter if self.function else None

    @property
    def default_reading(self):
        return self.function.default_reading if self.function else None

    @cached_property
    def parameters(self) -> tuple[Parameter, ...]:
        return parameters(self.function) if self.function else ()

    @property
    def path(self) -> str:
        """The public dotted path of the function, e.g. ``regretlab.bounds.ubo.d_eps``."""
        return public_path(self.function) if self.function else ""

    @property
    def summary(self) -> str:
        """The first line of the function's docstring, as plain text."""
        doc = inspect.getdoc(self.function) if self.function else ""
        return plain((doc or "").split("\n\n")[0].replace("\n", " "))


def _braced(text: str, start: int) -> tuple[str, int] | None:
    """The balanced ``{...}`` group opening at ``text[start]`` (its inside) and the index after it."""
    if start >= len(text) or text[start] != "{":
        return None
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1 : i], i + 1
    return None


def _fractions(text: str) -> str:
    r"""``\frac{a}{b}`` (and ``\tfrac``, nested braces included) as ``(a)/(b)``."""
    out, i = [], 0
    for match in re.finditer(r"\\t?frac(?=\{)", text):
        if match.start() < i:
            continue
        top = _braced(text, match.end())
        bottom = top and _braced(text, top[1])
        if not bottom:
            continue
        out += [text[i : match.start()], f"({_fractions(top[0])})/({_fractions(bottom[0])})"]
        i = bottom[1]
    return "".join(out) + text[i:]


def plain(text: str) -> str:
    """Docstring markup as terminal text: ``:math:`t\\ge1``` -> ``t≥1``, ````"A"```` -> ``"A"``.

    >>> plain(r":math:`\\delta\\in(0,1)`; ``reading`` selects")
    'δ∈(0,1); reading selects'
    >>> plain(r":math:`J\\to0`, :math:`D\\in\\{100,500\\}`, :math:`\\alpha\\in\\mathbb N`")
    'J→0, D∈{100,500}, α∈ℕ'
    >>> plain(r":math:`1+\\frac{n^{1-p}-1}{1-p}`")
    '1+(n^{1-p}-1)/(1-p)'
    """
    text = _MATH.sub(lambda m: m.group(1), text).replace("``", "")
    text = _FUNC.sub(lambda m: m.group(1) + "()", text)
    text = re.sub(r"\\mathbb\s*\{?([A-Z])\}?", lambda m: _BLACKBOARD.get(m.group(1), m.group(1)), text)
    text = text.replace(r"\{", "{").replace(r"\}", "}")
    text = _fractions(text)
    text = _COMMAND.sub(lambda m: _SYMBOLS.get(m.group(0), m.group(0)), text)
    return re.sub(r"\\[,;!]", " ", text)


def resolve_id(formula_id: str) -> str:
    """The catalogue id ``formula_id`` names, case-insensitively; a ValueError suggests close ids.

    >>> resolve_id("ubo.D_EPS")
    'UBO.d_eps'
    """
    return match_name("formula_id", formula_id, sorted(FORMULAS) + sorted(NOT_EXECUTABLE), "a catalogue id")


def matching_ids(pattern: str = "*") -> list[str]:
    """The catalogue ids matching a shell-style ``pattern`` (case-insensitive), executable or not, sorted.

    >>> matching_ids("ubo.d_*")
    ['UBO.d_eps']
    """
    if not isinstance(pattern, str):
        raise ValueError(f"pattern={pattern!r} is not a shell-style glob string such as 'UBO.*'")
    ids = sorted(set(FORMULAS) | set(NOT_EXECUTABLE))
    return [i for i in ids if fnmatch.fnmatchcase(i.casefold(), pattern.casefold())]


def _documented(func: Callable, seen: frozenset = frozenset()) -> dict[str, tuple[str, str]]:
    """name -> (type, description) from func's numpydoc Parameters, following "As in :func:`f`"."""
    import docstring_parser  # only the describing commands need it

    doc = docstring_parser.parse(inspect.getdoc(func) or "", style=docstring_parser.DocstringStyle.NUMPYDOC)
    out: dict[str, tuple[str, str]] = {}
    for param in doc.params:
        names = [n.strip() for n in param.arg_name.split(",")]
        description = (param.description or "").strip()
        source = _AS_IN.match(description)
        if source and source.group(1) not in seen:
            other = _sibling(func, source.group(1))
            inherited = _documented(other, seen | {func.__name__}) if other is not None else {}
            for name in names:
                out[name] = inherited.get(name, (param.type_name or "", description))
            continue
        for name in names:
            out[name] = (param.type_name or "", description)
    return out


def _sibling(func: Callable, name: str) -> Callable | None:
    """The function ``name`` that ``func``'s docstring refers to: in its module, else in its paper package."""

    found = getattr(inspect.getmodule(func), name, None)
    if found is None:
        found = getattr(importlib.import_module(f"regretlab.bounds.{paper_module(func)}"), name, None)
    return found


def parameters(func: Callable) -> tuple[Parameter, ...]:
    """The keyword parameters of ``func`` in signature order, with documented type, domain and default."""
    documented = _documented(func)
    out = []
    for name, sig in inspect.signature(func).parameters.items():
        kind, description = documented.get(name, ("", "(not documented)"))
        out.append(Parameter(name, plain(kind), plain(description), sig.default))
    return tuple(out)


def describe(formula_id: str) -> FormulaInfo:
    """Everything ``regretlab formula ID --help`` shows for one catalogue id (matched case-insensitively)."""
    formula_id = resolve_id(formula_id)
    if formula_id in NOT_EXECUTABLE:
        return FormulaInfo(formula_id, None, NOT_EXECUTABLE[formula_id])
    return FormulaInfo(formula_id, FORMULAS[formula_id])
