"""A Chinese message that opens with the user's role as a fragment of its own: "护士，三班倒",
"兽医 平时要看英文文献", "高中物理老师，想学点编程".

A role alone elsewhere in a turn says little ("问了医生 他说…" is someone else), and a role
said first and bare may be whom the user addresses ("老师，这题…"), so only the turn's first
words count, and a bare address word never does. Roles are the lexicon's (`identity.ZH_ROLE`),
never open capture. Runs of several items ("35岁 UI设计师 北京") are `introductions`'.
"""

from __future__ import annotations

from jiyi.domain import EventType
from jiyi.extraction.rules.identity import ZH_ROLE, normalise_role
from jiyi.extraction.rules.model import Rule, rule

#: Said bare and first, these are whom a learner addresses ("老师，…") or a subject being
#: studied ("会计 这章…", "翻译 怎么练"), not the user's job.
_ZH_NOT_BARE = (
    r"小?老师|教练|师傅|医生|大夫|老板|同学|学长|学姐|教授|班长|班主任|学生|会计|翻译|测试|运营|"
    r"审计|销售|编辑|行政|人事|采购|前端|后端|开发|产品|运维|客服|设计"
)
#: A turn that asks about the role ("程序员 是不是很累") declares nothing.
_ZH_NO_QUESTION = r"(?![^\n]*(?:[?吗]|怎么|是不是|几点|什么|啥|多少|哪))"

RULES: tuple[Rule, ...] = (
    rule(
        "role_zh_opening_fragment",
        EventType.IDENTITY_DECLARATION,
        r"^(?:(?:hi|hello|嗨|哈喽|你好|您好)(?:啊|呀|哈)?)?[~～!,\s]*(?:本人)?"
        rf"{_ZH_NO_QUESTION}(?!(?:{_ZH_NOT_BARE})(?:[,.!~\s]|$))"
        rf"(?P<value>(?:(?![想要当做干找请问和跟给的是被让叫说去我你他她考转成啊呀哈嗨])[\u4e00-\u9fff]){{0,4}}?"
        rf"(?:{ZH_ROLE}))(?:一枚)?(?=\s*[,.;~!]|\s+\S)",
        0.75,
        "开口就报身份：'护士，三班倒'、'兽医 平时要看英文文献'（'老师，这题…'、问句不算）。",
        ("护士，三班倒，只能碎片时间学", "兽医 平时要看英文文献", "高中物理老师，想学点编程"),
        value_normaliser=normalise_role,
    ),
)
