"""Regenerates edu_zh.jsonl / edu_en.jsonl: templated query <-> memory pairs (zh + en education domain).

Groups are concepts, so a deterministic split can hold whole concepts out of training."""
import json, random
rng = random.Random(2026)
# (zh concept, zh confusable, en concept, en confusable)
C = [
("电磁感应","楞次定律","electromagnetic induction","Lenz's law"),
("楞次定律","右手定则","Lenz's law","the right-hand rule"),
("右手定则","左手定则","the right-hand rule","the left-hand rule"),
("加速度","速度","acceleration","velocity"),
("动量守恒","能量守恒","conservation of momentum","conservation of energy"),
("牛顿第二定律","牛顿第三定律","Newton's second law","Newton's third law"),
("摩擦力","支持力","friction","the normal force"),
("欧姆定律","焦耳定律","Ohm's law","Joule's law"),
("电场强度","电势","electric field strength","electric potential"),
("折射","反射","refraction","reflection"),
("波长","频率","wavelength","frequency"),
("浮力","压强","buoyancy","pressure"),
("圆周运动","平抛运动","circular motion","projectile motion"),
("三角函数","反三角函数","trigonometric functions","inverse trig functions"),
("导数","微分","derivatives","differentials"),
("定积分","不定积分","definite integrals","indefinite integrals"),
("等差数列","等比数列","arithmetic sequences","geometric sequences"),
("概率","频率分布","probability","frequency distributions"),
("排列","组合","permutations","combinations"),
("二次函数","一次函数","quadratic functions","linear functions"),
("向量点积","向量叉积","the dot product","the cross product"),
("对数","指数","logarithms","exponents"),
("复数","实数","complex numbers","real numbers"),
("椭圆","双曲线","ellipses","hyperbolas"),
("氧化还原反应","酸碱中和","redox reactions","acid-base neutralisation"),
("化学平衡","反应速率","chemical equilibrium","reaction rate"),
("物质的量","摩尔质量","amount of substance","molar mass"),
("离子键","共价键","ionic bonds","covalent bonds"),
("有丝分裂","减数分裂","mitosis","meiosis"),
("光合作用","呼吸作用","photosynthesis","cellular respiration"),
("基因突变","染色体变异","gene mutation","chromosome variation"),
("现在完成时","一般过去时","the present perfect","the simple past"),
("定语从句","状语从句","relative clauses","adverbial clauses"),
("虚拟语气","条件句","the subjunctive mood","conditional sentences"),
("文言文虚词","文言文实词","classical Chinese function words","classical Chinese content words"),
("比喻","拟人","metaphor","personification"),
("经纬度","时区","latitude and longitude","time zones"),
("供给曲线","需求曲线","the supply curve","the demand curve"),
("细胞膜","细胞壁","the cell membrane","the cell wall"),
("电解","电镀","electrolysis","electroplating"),
]
ZH = {
 "concept_confusion": (["学生混淆了{c}和{d}","经常把{c}与{d}弄混","分不清{c}跟{d}的区别"],
                       ["我老是分不清{c}和{d}，它们到底有什么不同？","{c}跟{d}我又搞混了","{d}和{c}区别在哪里来着？"]),
 "concept_mastery": (["已经熟练掌握了{c}","{c}的题目基本全对","对{c}理解得很扎实"],
                     ["我{c}是不是已经学会了？","{c}这部分我还需要再练吗？","{c}我掌握得怎么样？"]),
 "preference": (["喜欢通过动画演示来学{c}","学{c}时偏爱看图解","希望{c}用生活中的例子讲"],
                ["{c}有没有直观一点的讲法？","能用图给我讲讲{c}吗？","{c}能不能举个生活里的例子"]),
 "goal": (["目标是期末前把{c}复习完","计划本周攻克{c}","想在考试前弄懂{c}"],
          ["帮我制定一个{c}的复习计划","这周我要搞定{c}，怎么安排？","考试快到了，{c}怎么复习？"]),
 "operation_failure": (["做{c}练习题时反复出错","{c}的作业连续三次答错","{c}相关的计算总是算错"],
                       ["为什么{c}的题我老做错？","{c}的题又错了，问题出在哪？","{c}我一算就错怎么办"]),
 "dislike": (["不喜欢死记{c}的公式","讨厌{c}的大段推导","对{c}的长篇文字解释很反感"],
             ["{c}别给我一堆公式了","{c}能不能不要推导那么多","讲{c}的时候少点长篇大论"]),
}
EN = {
 "concept_confusion": (["mixes up {c} and {d}","confuses {c} with {d}"],
                       ["what's the difference between {c} and {d} again?","I keep confusing {d} and {c}"]),
 "concept_mastery": (["has mastered {c}","solves {c} problems reliably"],
                     ["do I already know {c} well?","should I still practise {c}?"]),
 "preference": (["prefers animations when learning {c}","likes diagrams for {c}"],
                ["can you show me {c} visually?","is there a picture that explains {c}?"]),
 "goal": (["wants to finish revising {c} before the exam","plans to master {c} this week"],
          ["make me a study plan for {c}","how should I revise {c} before the test?"]),
 "operation_failure": (["keeps getting {c} exercises wrong","failed the {c} homework three times"],
                       ["why do I keep failing {c} questions?","I got the {c} problem wrong again"]),
 "dislike": (["dislikes memorising {c} formulas","hates long derivations of {c}"],
             ["please no more {c} formulas","skip the long {c} derivation"]),
}
def emit(path, table, lang, idx_c, idx_d):
    rows = []
    for concept in C:
        c, d = concept[idx_c], concept[idx_d]
        for etype, (mems, queries) in table.items():
            mem = rng.choice(mems).format(c=c, d=d)
            for q in rng.sample(queries, k=2 if lang == "zh" else 1):
                rows.append({"query": q.format(c=c, d=d), "positive": mem, "lang": lang,
                             "group": concept[2] if lang == "en" else concept[2], "event_type": etype})
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(path, len(rows))
emit(__import__("pathlib").Path(__file__).with_name("edu_zh.jsonl"), ZH, "zh", 0, 1)
emit(__import__("pathlib").Path(__file__).with_name("edu_en.jsonl"), EN, "en", 2, 3)
